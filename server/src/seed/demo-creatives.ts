import { CREATIVE_IMAGE_MAX_SIDE } from '@contract/creatives';
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../db/client';
import { creativeFiles, creatives, levels, users } from '../db/schema';

/**
 * Creatives in the demo, on the first campaign: a text every affiliate can share with their link,
 * coupon and name filled in; a banner (a WebP, as uploads are kept); and a text only the top level
 * sees.
 */
export async function seedCreativesDemo(tx: Db, programme: { id: number }[]) {
  const [campaign] = programme;
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'Administrador')).limit(1);
  const [top] = await tx.select({ id: levels.id, name: levels.name }).from(levels).orderBy(desc(levels.rank)).limit(1);
  if (!campaign || !top) return;
  const createdBy = admin?.id ?? null;
  const [, banner] = await tx
    .insert(creatives)
    .values([
      {
        campaignId: campaign.id,
        kind: 'text',
        title: 'Convite para o WhatsApp',
        text: 'Oi! Aqui é {NOME}. Esse curso mudou minha rotina: {LINK}\nUse o cupom {CUPOM} no pagamento.',
        createdBy,
      },
      {
        campaignId: campaign.id,
        kind: 'image',
        title: 'Banner quadrado',
        text: 'Garanta a sua vaga: {LINK}',
        createdBy,
      },
      {
        campaignId: campaign.id,
        kind: 'text',
        title: `Só para o nível ${top.name}`,
        text: '{NOME}, você tem acesso antecipado à turma nova: {LINK}',
        visibleToAll: false,
        levelIds: [top.id],
        createdBy,
      },
    ])
    .returning({ id: creatives.id });
  if (!banner) return;
  const side = Math.min(1080, CREATIVE_IMAGE_MAX_SIDE);
  const content = await sharp({ create: { width: side, height: side, channels: 3, background: '#1c7ed6' } })
    .webp({ quality: 82 })
    .toBuffer();
  await tx.insert(creativeFiles).values({
    creativeId: banner.id,
    content,
    contentType: 'image/webp',
    fileName: 'banner-quadrado.webp',
    byteSize: content.length,
  });
}
