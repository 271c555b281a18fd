import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { announcementRecipients, announcements, mailDeliveries, messages, messageThreads, users } from '../db/schema';
import { mails } from '../mail/templates';
import { oneClickUrl, unsubscribeUrl } from '../modules/messages/announcements.service';
import type { Person } from './demo-redemptions';

const HOUR_MS = 3_600_000;
const DEMO_URL = 'http://localhost:3000';

/**
 * Messages in the demo (decision 047): Ana's conversation (answered, her last question unread by the
 * admins), a second affiliate's unread question assigned to the admin, a third's unanswered note from
 * the programme; an announcement to everyone three days ago, mailed and partly opened, with one
 * affiliate opted out of the mails; and yesterday's to Ana's level, which she has not opened yet.
 */
export async function seedMessagesDemo(tx: Db, people: Person[], now: number) {
  const [firstAdmin] = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'Administrador')).limit(1);
  const [ana, bruno, carla, opted] = people;
  if (!firstAdmin || !ana) return;
  const admin = firstAdmin;
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR_MS);

  async function thread(
    person: Person,
    assignedTo: number | null,
    lines: { fromStaff: boolean; body: string; hoursAgo: number; read: boolean }[],
  ) {
    const last = lines.at(-1);
    const [row] = await tx
      .insert(messageThreads)
      .values({
        affiliateId: person.affiliate.id,
        assignedTo,
        createdAt: at(lines[0]?.hoursAgo ?? 0),
        lastMessageAt: at(last?.hoursAgo ?? 0),
      })
      .returning({ id: messageThreads.id });
    if (!row) return;
    await tx.insert(messages).values(
      lines.map((line) => ({
        threadId: row.id,
        authorId: line.fromStaff ? admin.id : person.affiliate.userId,
        fromStaff: line.fromStaff,
        body: line.body,
        createdAt: at(line.hoursAgo),
        readAt: line.read ? at(line.hoursAgo - 1) : null,
      })),
    );
  }

  await thread(ana, null, [
    {
      fromStaff: false,
      body: 'Olá! Vendi três cursos pelo link do Instagram ontem, mas só aparecem duas vendas. Podem verificar?',
      hoursAgo: 50,
      read: true,
    },
    {
      fromStaff: true,
      body: 'Oi, Ana! A terceira foi paga por boleto e aparece quando o banco confirmar, em até 2 dias úteis.',
      hoursAgo: 47,
      read: true,
    },
    {
      fromStaff: false,
      body: 'Perfeito, obrigada! E o cupom ANA10 vale para a campanha nova?',
      hoursAgo: 3,
      read: false,
    },
  ]);
  if (bruno) {
    await thread(bruno, admin.id, [
      {
        fromStaff: false,
        body: 'Bom dia. Mudei a minha chave PIX; o resgate que pedi ontem vai para a chave nova?',
        hoursAgo: 5,
        read: false,
      },
      { fromStaff: false, body: 'É a chave de e-mail que cadastrei hoje.', hoursAgo: 4, read: false },
    ]);
  }
  if (carla) {
    await thread(carla, null, [
      {
        fromStaff: true,
        body: 'Oi, Carla! Vimos que os seus cliques caíram esta semana. Quer ajuda com os criativos da campanha nova?',
        hoursAgo: 20,
        read: false,
      },
    ]);
  }

  if (opted) {
    await tx.update(users).set({ announcementsOptOut: true }).where(eq(users.id, opted.affiliate.userId));
  }
  const members = await tx
    .select({ userId: users.id, email: users.email, token: users.unsubscribeToken, optOut: users.announcementsOptOut })
    .from(users)
    .where(sql`${users.id} in ${people.map((p) => p.affiliate.userId)}`);
  const byUser = new Map(members.map((m) => [m.userId, m]));

  async function announce(
    subject: string,
    body: string,
    segment: { kind: 'all' | 'level'; id: number | null; name: string },
    reached: Person[],
    hoursAgo: number,
    opened: (n: number) => boolean,
  ) {
    const [row] = await tx
      .insert(announcements)
      .values({
        subject,
        body,
        segment: segment.kind,
        segmentId: segment.id,
        segmentName: segment.name,
        createdBy: admin.id,
        createdAt: at(hoursAgo),
      })
      .returning({ id: announcements.id });
    if (!row) return;
    for (const [n, person] of reached.entries()) {
      const member = byUser.get(person.affiliate.userId);
      if (!member) continue;
      let mailId: number | null = null;
      if (!member.optOut) {
        const content = mails.announcement('pt', {
          subject,
          body,
          url: `${DEMO_URL}/mensagens`,
          unsubscribeUrl: unsubscribeUrl(DEMO_URL, member.token),
        });
        const [mail] = await tx
          .insert(mailDeliveries)
          .values({
            to: member.email,
            ...content,
            headers: {
              'List-Unsubscribe': `<${oneClickUrl(DEMO_URL, member.token)}>`,
              'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            },
            state: 'sent',
            attempts: 1,
            nextAttemptAt: null,
            lastAttemptAt: at(hoursAgo),
            deliveredAt: at(hoursAgo),
            createdAt: at(hoursAgo),
          })
          .returning({ id: mailDeliveries.id });
        mailId = mail?.id ?? null;
      }
      await tx.insert(announcementRecipients).values({
        announcementId: row.id,
        userId: member.userId,
        affiliateId: person.affiliate.id,
        mailDeliveryId: mailId,
        readAt: opened(n) ? at(hoursAgo - 2 - n) : null,
      });
    }
  }

  await announce(
    'Black Friday: comissão em dobro',
    'Entre sexta e domingo, todas as vendas das campanhas de cursos pagam comissão em dobro.\n\n' +
      'Os criativos novos já estão na página de cada campanha. Boas vendas!',
    { kind: 'all', id: null, name: '' },
    people,
    72,
    (n) => n % 2 === 0,
  );
  const levelId = ana.affiliate.levelId;
  if (levelId !== null) {
    const sameLevel = people.filter((p) => p.affiliate.levelId === levelId);
    const [level] = await tx
      .execute(sql`select name from levels where id = ${levelId}`)
      .then((result) => (result as unknown as { rows: { name: string }[] }).rows);
    await announce(
      'Novo material para o seu nível',
      'Preparamos um roteiro de vídeos curtos só para o seu nível. Confira nos criativos da campanha principal.',
      { kind: 'level', id: levelId, name: level?.name ?? '' },
      sameLevel,
      20,
      (n) => n > 0 && n % 2 === 1,
    );
  }
}
