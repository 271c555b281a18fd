import type { Announcement, AnnouncementInput, AnnouncementSegment, MyAnnouncement } from '@contract/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { type Db, selectRows } from '../../db/client';
import { announcementRecipients, announcements, campaigns, levels, networks, users } from '../../db/schema';
import { AppError, fieldError } from '../../errors';
import { mails } from '../../mail/templates';
import { audit } from '../audit/audit.service';
import { notifyEach } from '../notifications/notifications.service';

/**
 * Announcements (docs/decisions/047): a message from the programme to a segment of its approved
 * affiliates. Sending writes, in one transaction, the announcement, a recipient row and an in-app
 * notification per affiliate, and a mail per affiliate who did not opt out, into the mail outbox
 * (decision 033): a server killed after the commit loses nothing, one killed before sends nothing,
 * and the outbox sends each mail once (at least once with the same Message-ID, should a worker die
 * mid-send).
 */

type Member = {
  user_id: number;
  affiliate_id: number;
  email: string;
  language: string;
  opt_out: boolean;
  token: string;
};

/**
 * The segment's members: approved affiliates of a live account, everyone or those of a level or
 * network, or a campaign's: an affiliate with a tracking link to it or a sale in it (their own or a
 * share of a split sale).
 */
function membersOf(db: Db, segment: AnnouncementSegment, segmentId: number | null) {
  const filter = {
    all: sql`true`,
    level: sql`a.level_id = ${segmentId}`,
    network: sql`a.network_id = ${segmentId}`,
    campaign: sql`(exists (select 1 from links k where k.affiliate_id = a.id and k.campaign_id = ${segmentId})
      or exists (select 1 from sales s where s.campaign_id = ${segmentId}
        and (s.affiliate_id = a.id or s.shared_affiliate_id = a.id)))`,
  }[segment];
  return selectRows<Member>(
    db,
    sql`select u.id as user_id, a.id as affiliate_id, u.email, u.language,
        u.announcements_opt_out as opt_out, u.unsubscribe_token::text as token
      from affiliates a join users u on u.id = a.user_id
      where a.status = 'approved' and u.deleted_at is null and ${filter}
      order by a.id`,
  );
}

/** The level's, network's or campaign's name, or a 400 naming `segment_id` when there is none. */
async function segmentNameOf(db: Db, segment: AnnouncementSegment, segmentId: number | null): Promise<string> {
  if (segment === 'all' || segmentId === null) return '';
  const table = { level: levels, network: networks, campaign: campaigns }[segment];
  const [row] = await db.select({ name: table.name }).from(table).where(eq(table.id, segmentId));
  if (!row) throw fieldError('segment_id', `is not a ${segment}`);
  return row.name;
}

export const unsubscribeUrl = (publicUrl: string, token: string) => `${publicUrl}/cancelar-inscricao/${token}`;
/** The RFC 8058 one-click address: a POST there, from a mail client, unsubscribes without a page. */
export const oneClickUrl = (publicUrl: string, token: string) => `${publicUrl}/api/v1/unsubscribe/${token}`;

/** POST /announcements: sent at once to the segment, in the portal and by mail. */
export async function sendAnnouncement(ctx: AppContext, actorId: number, body: AnnouncementInput) {
  const segmentId = body.segment === 'all' ? null : (body.segment_id ?? null);
  const id = await ctx.db.transaction(async (tx) => {
    const segmentName = await segmentNameOf(tx, body.segment, segmentId);
    const [row] = await tx
      .insert(announcements)
      .values({
        subject: body.subject,
        body: body.body,
        segment: body.segment,
        segmentId,
        segmentName,
        createdBy: actorId,
      })
      .returning({ id: announcements.id });
    if (!row) throw new Error('announcement insert returned nothing');
    const members = await membersOf(tx, body.segment, segmentId);
    const mailed = members.filter((m) => !m.opt_out);
    const mailIds = await ctx.mailer.queueMany(
      tx,
      mailed.map((m) => ({
        to: m.email,
        ...mails.announcement(m.language, {
          subject: body.subject,
          body: body.body,
          url: `${ctx.publicUrl}/mensagens`,
          unsubscribeUrl: unsubscribeUrl(ctx.publicUrl, m.token),
        }),
        headers: {
          // RFC 8058 §3.1: an HTTPS URI taking a POST, and the header that says it is one-click.
          'List-Unsubscribe': `<${oneClickUrl(ctx.publicUrl, m.token)}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      })),
    );
    const mailOf = new Map(mailed.map((m, n) => [m.user_id, mailIds[n] ?? null]));
    // One statement for any number of recipients (DESIGN.md §4: unnest, not a VALUES per row).
    if (members.length) {
      await tx.execute(sql`insert into announcement_recipients (announcement_id, user_id, affiliate_id, mail_delivery_id)
        select ${row.id}, x.user_id, x.affiliate_id, x.mail_id
        from unnest(${`{${members.map((m) => m.user_id).join(',')}}`}::bigint[],
          ${`{${members.map((m) => m.affiliate_id).join(',')}}`}::bigint[],
          ${`{${members.map((m) => mailOf.get(m.user_id) ?? 'NULL').join(',')}}`}::bigint[])
          as x(user_id, affiliate_id, mail_id)`);
    }
    await notifyEach(
      tx,
      members.map((m) => ({
        userId: m.user_id,
        notification: {
          kind: 'announcement',
          title: body.subject,
          text: body.body.length > 200 ? `${body.body.slice(0, 199)}…` : body.body,
          data: { announcement_id: row.id },
        },
      })),
    );
    await audit(tx, {
      actorId,
      action: 'announcement.send',
      entity: 'announcement',
      entityId: row.id,
      after: {
        subject: body.subject,
        segment: body.segment,
        segment_id: segmentId,
        recipients: members.length,
        mailed: mailed.length,
      },
    });
    return row.id;
  });
  return getAnnouncementById(ctx.db, id);
}

type AnnouncementRow = {
  id: number | string;
  subject: string;
  body: string;
  segment: AnnouncementSegment;
  segment_id: number | string | null;
  segment_name: string;
  first_name: string | null;
  last_name: string | null;
  created_at: string | Date;
  recipients: number | string;
  mailed: number | string;
  delivered: number | string;
  opened: number | string;
};

const announcementSelect = sql`select n.id, n.subject, n.body, n.segment, n.segment_id, n.segment_name,
    u.first_name, u.last_name, n.created_at,
    (select count(*)::int from announcement_recipients r where r.announcement_id = n.id) as recipients,
    (select count(r.mail_delivery_id)::int from announcement_recipients r where r.announcement_id = n.id) as mailed,
    (select count(*)::int from announcement_recipients r join mail_deliveries d on d.id = r.mail_delivery_id
      where r.announcement_id = n.id and d.state = 'sent') as delivered,
    (select count(r.read_at)::int from announcement_recipients r where r.announcement_id = n.id) as opened
  from announcements n left join users u on u.id = n.created_by`;

function toAnnouncement(row: AnnouncementRow): Announcement {
  return {
    id: Number(row.id),
    subject: row.subject,
    body: row.body,
    segment: row.segment,
    segment_id: row.segment_id === null ? null : Number(row.segment_id),
    segment_name: row.segment_name,
    created_by: row.first_name === null ? null : `${row.first_name} ${row.last_name ?? ''}`.trim(),
    created_at: new Date(row.created_at).toISOString(),
    recipients: Number(row.recipients),
    mailed: Number(row.mailed),
    delivered: Number(row.delivered),
    opened: Number(row.opened),
  };
}

export async function getAnnouncementById(db: Db, id: number): Promise<Announcement> {
  const [row] = await selectRows<AnnouncementRow>(db, sql`${announcementSelect} where n.id = ${id}`);
  if (!row) throw new AppError('NOT_FOUND', 'Announcement not found.');
  return toAnnouncement(row);
}

/** GET /announcements: every announcement sent, newest first, with its counts. */
export async function findAnnouncements(db: Db, query: { page: number; page_size: number }) {
  const [rows, [total]] = await Promise.all([
    selectRows<AnnouncementRow>(
      db,
      sql`${announcementSelect} order by n.id desc limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
    ),
    selectRows<{ n: number }>(db, sql`select count(*)::int as n from announcements`),
  ]);
  return {
    items: rows.map(toAnnouncement),
    total: Number(total?.n ?? 0),
    page: query.page,
    page_size: query.page_size,
  };
}

/** GET /me/announcements: what the programme announced to this person, newest first. */
export async function findMyAnnouncements(db: Db, userId: number): Promise<{ items: MyAnnouncement[] }> {
  const rows = await db
    .select({
      id: announcements.id,
      subject: announcements.subject,
      body: announcements.body,
      createdAt: announcements.createdAt,
      readAt: announcementRecipients.readAt,
    })
    .from(announcementRecipients)
    .innerJoin(announcements, eq(announcements.id, announcementRecipients.announcementId))
    .where(eq(announcementRecipients.userId, userId))
    .orderBy(sql`${announcements.id} desc`)
    .limit(100);
  return {
    items: rows.map((row) => ({
      id: row.id,
      subject: row.subject,
      body: row.body,
      created_at: row.createdAt.toISOString(),
      read_at: row.readAt?.toISOString() ?? null,
    })),
  };
}

/** POST /me/announcements/:id/read: opened in the portal (what "opened" counts). Another's is a 404. */
export async function markAnnouncementRead(db: Db, userId: number, id: number) {
  const [row] = await db
    .update(announcementRecipients)
    .set({ readAt: sql`coalesce(${announcementRecipients.readAt}, now())` })
    .where(and(eq(announcementRecipients.announcementId, id), eq(announcementRecipients.userId, userId)))
    .returning({ id: announcementRecipients.announcementId });
  if (!row) throw new AppError('NOT_FOUND', 'Announcement not found.');
}

/** POST /unsubscribe/:token: no more announcement mails for the link's person; no sign-in. */
export async function unsubscribe(db: Db, token: string) {
  const [row] = await db
    .update(users)
    .set({ announcementsOptOut: true })
    .where(eq(users.unsubscribeToken, token))
    .returning({ id: users.id });
  if (!row) throw new AppError('NOT_FOUND', 'This unsubscribe link is not valid.');
  return { announcements_opt_out: true };
}
