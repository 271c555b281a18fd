import { ADMIN_ROLE } from '@contract/auth';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import {
  affiliates,
  auditLog,
  campaigns,
  coupons,
  creativeFiles,
  creatives,
  levels,
  links,
  networks,
  users,
} from '../../db/schema';

// Issue 30, point 2: creatives per campaign, filled for the affiliate who reads them.

let t: TestApp;
let admin: Awaited<ReturnType<typeof createSignedIn>>;
let ana: Awaited<ReturnType<typeof createSignedIn>>;
let bia: Awaited<ReturnType<typeof createSignedIn>>;
let campaignId: number;
let goldId: number;
let silverId: number;
let northId: number;
const db = () => t.database.db;
const A = () => ana.user.affiliateId ?? 0;
const B = () => bia.user.affiliateId ?? 0;

/** A tiny real PDF: a header, one empty page, its cross-reference table and trailer. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, headers: object, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: headers as Record<string, string>, payload: payload as never });

async function create(body: Record<string, unknown>) {
  const res = await api('POST', `/campaigns/${campaignId}/creatives`, admin.headers, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; file_url: string | null };
}

const listOf = async (who: { headers: object }) => {
  const res = await api('GET', `/campaigns/${campaignId}/creatives`, who.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as Array<Record<string, unknown> & { id: number; title: string }>;
};

beforeAll(async () => {
  t = await createTestApp();
  const [gold] = await db().insert(levels).values({ name: 'Ouro', rank: 3, commissionBps: 1500 }).returning();
  const [silver] = await db().insert(levels).values({ name: 'Prata', rank: 2, commissionBps: 1200 }).returning();
  const [north] = await db().insert(networks).values({ name: 'Rede Norte' }).returning();
  goldId = gold?.id ?? 0;
  silverId = silver?.id ?? 0;
  northId = north?.id ?? 0;
  admin = await createSignedIn(t.app, db(), { role: ADMIN_ROLE });
  ana = await createSignedIn(t.app, db());
  bia = await createSignedIn(t.app, db());
  await db().update(users).set({ firstName: 'Ana' }).where(eq(users.id, ana.user.id));
  await db().update(users).set({ firstName: 'Bia' }).where(eq(users.id, bia.user.id));
  await db().update(affiliates).set({ levelId: goldId }).where(eq(affiliates.id, A()));
  await db().update(affiliates).set({ levelId: silverId, networkId: northId }).where(eq(affiliates.id, B()));
  const [campaign] = await db()
    .insert(campaigns)
    .values({
      name: 'Curso de Fotografia',
      destinationUrl: 'https://loja.example.com/foto',
      commissionType: 'percent',
      commissionValue: 1_000,
      cookieDays: 30,
      holdDays: 0,
    })
    .returning();
  campaignId = campaign?.id ?? 0;
  await db().insert(coupons).values({ code: 'ANA10', campaignId, affiliateId: A() });
});
afterAll(async () => {
  await t.close();
});

describe("POST, GET, PATCH, DELETE: an admin manages a campaign's creatives", () => {
  test('creates, lists, changes and deletes a text, audited each time', async () => {
    const made = await create({ kind: 'text', title: 'Post curto', text: 'Oi! {LINK}' });
    expect(made).toMatchObject({
      kind: 'text',
      title: 'Post curto',
      text: 'Oi! {LINK}',
      visibility: { all: true, level_ids: [], network_ids: [] },
      filled_text: null,
      whatsapp_url: null,
    });
    expect((await listOf(admin)).map((c) => c.id)).toContain(made.id);
    const patched = await api('PATCH', `/creatives/${made.id}`, admin.headers, {
      title: 'Post longo',
      visibility: { all: false, level_ids: [goldId] },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      title: 'Post longo',
      text: 'Oi! {LINK}',
      visibility: { all: false, level_ids: [goldId], network_ids: [] },
    });
    const deleted = await api('DELETE', `/creatives/${made.id}`, admin.headers);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await listOf(admin)).map((c) => c.id)).not.toContain(made.id);
    expect((await api('DELETE', `/creatives/${made.id}`, admin.headers)).statusCode).toBe(404);
    const trail = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(made.id)));
    expect(trail.filter((a) => a.entity === 'creative').map((a) => [a.action, a.actorId])).toEqual([
      ['creative.create', admin.user.id],
      ['creative.update', admin.user.id],
      ['creative.delete', admin.user.id],
    ]);
  });

  test('a campaign that does not exist is a 404, to the admin and to an affiliate', async () => {
    expect((await api('GET', '/campaigns/987654/creatives', admin.headers)).statusCode).toBe(404);
    expect((await api('GET', '/campaigns/987654/creatives', ana.headers)).statusCode).toBe(404);
    const res = await api('POST', '/campaigns/987654/creatives', admin.headers, {
      kind: 'text',
      title: 'x',
      text: 'y',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /campaigns/:id/creatives as an affiliate', () => {
  test('fills {LINK}, {CUPOM} and {NOME} for each reader, with a WhatsApp link tagged utm_source=whatsapp', async () => {
    const made = await create({ kind: 'text', title: 'Convite', text: 'Olá, sou {NOME}! Cupom {CUPOM}: {LINK}' });
    const [forAna] = (await listOf(ana)).filter((c) => c.id === made.id);
    const [forBia] = (await listOf(bia)).filter((c) => c.id === made.id);
    const linkOf = async (affiliateId: number, utmSource: string) => {
      const [row] = await db()
        .select()
        .from(links)
        .where(eq(links.affiliateId, affiliateId))
        .then((rows) => rows.filter((l) => l.campaignId === campaignId && l.utmSource === utmSource));
      return `http://localhost/r/${row?.code}`;
    };
    const anaLink = await linkOf(A(), '');
    const biaLink = await linkOf(B(), '');
    expect(forAna?.text).toBe('Olá, sou {NOME}! Cupom {CUPOM}: {LINK}');
    expect(forAna?.visibility).toBeNull();
    expect(forAna?.filled_text).toMatch(/^Olá, sou Ana! Cupom ANA10: https?:\/\/[^/]+\/r\/[a-z0-9]{8}$/);
    expect(String(forAna?.filled_text).endsWith(anaLink.slice(anaLink.indexOf('/r/')))).toBe(true);
    expect(forBia?.filled_text).toMatch(/^Olá, sou Bia! Cupom : https?:\/\/[^/]+\/r\/[a-z0-9]{8}$/);
    expect(String(forBia?.filled_text).endsWith(biaLink.slice(biaLink.indexOf('/r/')))).toBe(true);
    const whatsapp = String(forAna?.whatsapp_url);
    expect(whatsapp.startsWith('https://wa.me/?text=')).toBe(true);
    const message = decodeURIComponent(whatsapp.slice('https://wa.me/?text='.length));
    const tagged = await linkOf(A(), 'whatsapp');
    const origin = String(forAna?.filled_text).match(/https?:\/\/[^/]+/)?.[0];
    expect(message).toBe(`Olá, sou Ana! Cupom ANA10: ${origin}${tagged.slice(tagged.indexOf('/r/'))}`);
    expect(message).not.toContain(anaLink.slice(anaLink.indexOf('/r/')));
    // The same choices give the same link: reading again makes no new one.
    const before = (await db().select().from(links)).length;
    await listOf(ana);
    expect((await db().select().from(links)).length).toBe(before);
  });

  test('a text without {LINK} still shares the tagged link on WhatsApp, after the text', async () => {
    const made = await create({ kind: 'text', title: 'Sem link', text: 'Promoção de {NOME}!' });
    const [item] = (await listOf(ana)).filter((c) => c.id === made.id);
    expect(item?.filled_text).toBe('Promoção de Ana!');
    const message = decodeURIComponent(String(item?.whatsapp_url).slice('https://wa.me/?text='.length));
    const [tagged] = (await db().select().from(links).where(eq(links.affiliateId, A()))).filter(
      (l) => l.campaignId === campaignId && l.utmSource === 'whatsapp',
    );
    expect(message).toMatch(new RegExp(`^Promoção de Ana!\\n\\nhttps?://[^/]+/r/${tagged?.code}$`));
  });

  test('a campaign with nothing for the reader makes them no link', async () => {
    const [other] = await db()
      .insert(campaigns)
      .values({ name: 'Sem criativos', destinationUrl: 'https://loja.example.com/x', cookieDays: 30, holdDays: 0 })
      .returning();
    const res = await api('GET', `/campaigns/${other?.id}/creatives`, bia.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toEqual([]);
    const made = (await db().select().from(links).where(eq(links.affiliateId, B()))).filter(
      (l) => l.campaignId === other?.id,
    );
    expect(made).toEqual([]);
  });

  test('hides items meant for another level or network, and images or files not uploaded yet', async () => {
    const gold = await create({
      kind: 'text',
      title: 'Só Ouro',
      text: 'ouro',
      visibility: { all: false, level_ids: [goldId] },
    });
    const north = await create({
      kind: 'text',
      title: 'Só Norte',
      text: 'norte',
      visibility: { all: false, network_ids: [northId] },
    });
    const pending = await create({ kind: 'image', title: 'Sem imagem ainda' });
    const anaIds = (await listOf(ana)).map((c) => c.id);
    const biaIds = (await listOf(bia)).map((c) => c.id);
    expect(anaIds).toContain(gold.id);
    expect(anaIds).not.toContain(north.id);
    expect(biaIds).toContain(north.id);
    expect(biaIds).not.toContain(gold.id);
    expect(anaIds).not.toContain(pending.id);
    expect((await listOf(admin)).map((c) => c.id)).toEqual(expect.arrayContaining([gold.id, north.id, pending.id]));
  });
});

describe('PUT /creatives/:id/file and GET /creatives/:id/file', () => {
  test('an image is kept as a WebP within 1600 px, whole; a hidden one is a 404 to the affiliate it is not for', async () => {
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    const made = await create({
      kind: 'image',
      title: 'Banner Ação',
      visibility: { all: false, network_ids: [northId] },
    });
    const res = await api('PUT', `/creatives/${made.id}/file`, { ...admin.headers, 'content-type': 'image/png' }, png);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ content_type: 'image/webp', file_name: 'banner-acao.webp' });
    const url = String(res.json().file_url).replace('/api/v1', '');
    const got = await api('GET', url, bia.headers);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/webp');
    const meta = await sharp(got.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1600, 800]);
    expect((await api('GET', url, ana.headers)).statusCode).toBe(404);
    expect((await api('GET', url, admin.headers)).statusCode).toBe(200);
    expect((await listOf(bia)).map((c) => c.id)).toContain(made.id);
  });

  test('a PDF is served as a download with its name; anything else is a 400 naming the file, nothing stored', async () => {
    const made = await create({ kind: 'file', title: 'Catálogo 2027', text: 'Veja: {LINK}' });
    const bad = await api(
      'PUT',
      `/creatives/${made.id}/file`,
      { ...admin.headers, 'content-type': 'application/pdf' },
      Buffer.from('not a pdf at all'),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'file', message: 'must be a PDF' }]);
    expect(await db().select().from(creativeFiles).where(eq(creativeFiles.creativeId, made.id))).toEqual([]);
    expect((await listOf(ana)).map((c) => c.id)).not.toContain(made.id);
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await api(
      'PUT',
      `/creatives/${made.id}/file`,
      { ...admin.headers, 'content-type': 'application/pdf' },
      big,
    );
    expect(tooBig.statusCode).toBe(413);
    const ok = await api(
      'PUT',
      `/creatives/${made.id}/file`,
      { ...admin.headers, 'content-type': 'application/pdf' },
      PDF,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const got = await api('GET', String(ok.json().file_url).replace('/api/v1', ''), ana.headers);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toBe('attachment; filename="catalogo-2027.pdf"');
    expect(got.rawPayload.equals(PDF)).toBe(true);
    const image = await create({ kind: 'image', title: 'Não é imagem' });
    const notImage = await api('PUT', `/creatives/${image.id}/file`, admin.headers, PDF);
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().errors[0].field).toBe('file');
    const audited = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(made.id)));
    expect(audited.map((a) => a.action)).toEqual(['creative.create', 'creative.file']);
  });
});

describe('bad input and the wrong caller', () => {
  test.each([
    ['a missing title', { kind: 'text', text: 'x' }, 'title'],
    ['an unknown kind', { kind: 'video', title: 'x' }, 'kind'],
    ['a text without its text', { kind: 'text', title: 'x' }, 'text'],
    ['nobody chosen', { kind: 'text', title: 'x', text: 'y', visibility: { all: false } }, 'visibility.level_ids'],
    [
      'an id past the safe range',
      { kind: 'text', title: 'x', text: 'y', visibility: { all: false, level_ids: [1e20] } },
      'visibility.level_ids',
    ],
    [
      'a level that does not exist',
      { kind: 'text', title: 'x', text: 'y', visibility: { all: false, level_ids: [987654] } },
      'visibility.level_ids',
    ],
    [
      'a network that does not exist',
      { kind: 'text', title: 'x', text: 'y', visibility: { all: false, network_ids: [987654] } },
      'visibility.network_ids',
    ],
  ])('POST refuses %s with a 400 naming the field; nothing written', async (_name, body, field) => {
    const before = (await db().select().from(creatives)).length;
    const res = await api('POST', `/campaigns/${campaignId}/creatives`, admin.headers, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors.map((e: { field: string }) => e.field.replace(/\.\d+$/, ''))).toContain(field);
    expect((await db().select().from(creatives)).length).toBe(before);
  });

  test('PATCH refuses an empty change and an emptied text, naming the field; nothing changes', async () => {
    const made = await create({ kind: 'text', title: 'Fixo', text: 'fixo' });
    const empty = await api('PATCH', `/creatives/${made.id}`, admin.headers, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].field).toBe('title');
    const emptied = await api('PATCH', `/creatives/${made.id}`, admin.headers, { title: 'Outro', text: '' });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().errors[0].field).toBe('text');
    const [row] = await db().select().from(creatives).where(eq(creatives.id, made.id));
    expect([row?.title, row?.text]).toEqual(['Fixo', 'fixo']);
  });

  test('an affiliate is refused every admin route (403), and nothing is written', async () => {
    const made = await create({ kind: 'file', title: 'Guia' });
    const before = (await db().select().from(creatives)).length;
    const calls = [
      api('POST', `/campaigns/${campaignId}/creatives`, ana.headers, { kind: 'text', title: 'x', text: 'y' }),
      api('PATCH', `/creatives/${made.id}`, ana.headers, { title: 'Meu' }),
      api('DELETE', `/creatives/${made.id}`, ana.headers),
      api('PUT', `/creatives/${made.id}/file`, ana.headers, PDF),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(403);
    expect((await db().select().from(creatives)).length).toBe(before);
    expect(await db().select().from(creativeFiles).where(eq(creativeFiles.creativeId, made.id))).toEqual([]);
  });
});
