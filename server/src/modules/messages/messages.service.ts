import { ADMIN_ROLE } from '@contract/auth';
import {
  MESSAGES_SHOWN,
  type Message,
  type MyThread,
  type ThreadDetail,
  type ThreadPage,
  type ThreadQuery,
  type ThreadSummary,
  type UnreadCount,
} from '@contract/messages';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { type Db, selectRows } from '../../db/client';
import { affiliates, messages, messageThreads, users } from '../../db/schema';
import { AppError, fieldError } from '../../errors';
import { mails } from '../../mail/templates';
import { audit } from '../audit/audit.service';
import { findActiveAdmins, notifyUsers } from '../notifications/notifications.service';

/**
 * One thread per affiliate with the programme (docs/decisions/047). The affiliate writes to "the
 * programme"; every admin reads one inbox, where a thread may be assigned to one of them. A message
 * tells the other side live (a notification, pushed by the notification hub) and by mail through the
 * outbox, one mail per run of unread messages so a chat of ten lines is not ten mails.
 */

const EXCERPT_LENGTH = 280;
const excerpt = (body: string) => (body.length > EXCERPT_LENGTH ? `${body.slice(0, EXCERPT_LENGTH - 1)}…` : body);
const nameOf = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

type MessageRow = typeof messages.$inferSelect & { firstName: string; lastName: string };

function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    thread_id: row.threadId,
    from_staff: row.fromStaff,
    // An affiliate reads "the programme", not which admin wrote: the admins read the name.
    author_name: nameOf(row),
    body: row.body,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
  };
}

/** The thread's latest messages, oldest first. */
async function messagesOf(db: Db, threadId: number): Promise<Message[]> {
  const rows = await db
    .select({
      message: messages,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.authorId))
    .where(eq(messages.threadId, threadId))
    .orderBy(sql`${messages.id} desc`)
    .limit(MESSAGES_SHOWN);
  return rows.reverse().map(({ message, ...names }) => toMessage({ ...message, ...names }));
}

const threadIdOf = async (db: Db, affiliateId: number) =>
  (
    await db.select({ id: messageThreads.id }).from(messageThreads).where(eq(messageThreads.affiliateId, affiliateId))
  )[0]?.id ?? null;

/** The affiliate's thread, opened the first time it is needed (one per affiliate: the unique index). */
async function openThread(tx: Db, affiliateId: number): Promise<typeof messageThreads.$inferSelect> {
  const [row] = await tx
    .insert(messageThreads)
    .values({ affiliateId })
    .onConflictDoUpdate({ target: messageThreads.affiliateId, set: { affiliateId: sql`excluded.affiliate_id` } })
    .returning();
  if (!row) throw new Error('thread upsert returned nothing');
  return row;
}

/** GET /messages: the affiliate's own thread. */
export async function findMyThread(db: Db, affiliateId: number): Promise<MyThread> {
  const threadId = await threadIdOf(db, affiliateId);
  if (threadId === null) return { thread_id: null, items: [], unread: 0 };
  const items = await messagesOf(db, threadId);
  const [unread] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from messages where thread_id = ${threadId} and from_staff and read_at is null`,
  );
  return { thread_id: threadId, items, unread: Number(unread?.n ?? 0) };
}

/** Whether the side that has not read `threadId` yet already had an unread message before this one. */
async function hadUnreadBefore(tx: Db, threadId: number, fromStaff: boolean, messageId: number) {
  const [row] = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.threadId, threadId),
        eq(messages.fromStaff, fromStaff),
        isNull(messages.readAt),
        lt(messages.id, messageId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

async function insertMessage(tx: Db, threadId: number, authorId: number, fromStaff: boolean, body: string) {
  const [row] = await tx.insert(messages).values({ threadId, authorId, fromStaff, body }).returning();
  if (!row) throw new Error('message insert returned nothing');
  await tx.update(messageThreads).set({ lastMessageAt: row.createdAt }).where(eq(messageThreads.id, threadId));
  return row;
}

/** POST /messages: the affiliate writes to the programme. */
export async function sendMyMessage(ctx: AppContext, userId: number, affiliateId: number, body: string) {
  const id = await ctx.db.transaction(async (tx) => {
    const thread = await openThread(tx, affiliateId);
    const row = await insertMessage(tx, thread.id, userId, false, body);
    const [author] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, userId));
    const from = author ? nameOf(author) : '';
    // The assigned admin, or every admin while no one is.
    const admins = (await findActiveAdmins(tx)).filter((a) => !thread.assignedTo || a.id === thread.assignedTo);
    const told = admins.length ? admins : await findActiveAdmins(tx);
    await notifyUsers(
      tx,
      told.map((a) => a.id),
      {
        kind: 'message.new',
        title: `New message from ${from}`,
        text: excerpt(body),
        pt: { title: `Nova mensagem de ${from}`, text: excerpt(body) },
        data: { thread_id: thread.id, message_id: row.id },
      },
    );
    if (!(await hadUnreadBefore(tx, thread.id, false, row.id))) {
      for (const admin of told) {
        await ctx.mailer.queue(tx, {
          to: admin.email,
          ...mails.newMessage(admin.language, {
            from,
            excerpt: excerpt(body),
            url: `${ctx.publicUrl}/admin/mensagens?conversa=${thread.id}`,
            toStaff: true,
          }),
        });
      }
    }
    return row.id;
  });
  return findMessage(ctx.db, id);
}

async function findMessage(db: Db, id: number): Promise<Message> {
  const [row] = await db
    .select({ message: messages, firstName: users.firstName, lastName: users.lastName })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.authorId))
    .where(eq(messages.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'Message not found.');
  return toMessage({ ...row.message, firstName: row.firstName, lastName: row.lastName });
}

/** Marks one side's messages of a thread read: the other side has seen them. */
async function markRead(db: Db, threadId: number, fromStaff: boolean) {
  await db
    .update(messages)
    .set({ readAt: sql`now()` })
    .where(and(eq(messages.threadId, threadId), eq(messages.fromStaff, fromStaff), isNull(messages.readAt)));
}

/** POST /messages/read: the affiliate read the programme's replies. */
export async function markMyThreadRead(db: Db, affiliateId: number) {
  const threadId = await threadIdOf(db, affiliateId);
  if (threadId !== null) await markRead(db, threadId, true);
}

/** GET /messages/unread: an affiliate's unread replies and announcements; an admin's inbox. */
export async function findUnreadCount(
  db: Db,
  user: { id: number; role: string; affiliate: { id: number } | null },
): Promise<UnreadCount> {
  if (user.role === ADMIN_ROLE) {
    const [row] = await selectRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from messages where not from_staff and read_at is null`,
    );
    return { messages: Number(row?.n ?? 0), announcements: 0 };
  }
  const affiliateId = user.affiliate?.id ?? 0;
  const [row] = await selectRows<{ messages: number; announcements: number }>(
    db,
    sql`select
      (select count(*)::int from messages m join message_threads t on t.id = m.thread_id
        where t.affiliate_id = ${affiliateId} and m.from_staff and m.read_at is null) as messages,
      (select count(*)::int from announcement_recipients r
        where r.user_id = ${user.id} and r.read_at is null) as announcements`,
  );
  return { messages: Number(row?.messages ?? 0), announcements: Number(row?.announcements ?? 0) };
}

// The admins' inbox

type SummaryRow = {
  id: number | string;
  affiliate_id: number | string;
  first_name: string;
  last_name: string;
  code: string;
  assigned_to: number | string | null;
  assignee_first: string | null;
  assignee_last: string | null;
  unread: number | string;
  last_body: string | null;
  last_from_staff: boolean | null;
  last_at: string | Date | null;
};

const summaryColumns = sql`t.id, t.affiliate_id, u.first_name, u.last_name, a.code, t.assigned_to,
  s.first_name as assignee_first, s.last_name as assignee_last,
  (select count(*)::int from messages m where m.thread_id = t.id and not m.from_staff and m.read_at is null) as unread,
  l.body as last_body, l.from_staff as last_from_staff, l.created_at as last_at`;

const summaryFrom = sql`from message_threads t
  join affiliates a on a.id = t.affiliate_id
  join users u on u.id = a.user_id
  left join users s on s.id = t.assigned_to
  left join lateral (select m.body, m.from_staff, m.created_at from messages m
    where m.thread_id = t.id order by m.id desc limit 1) l on true`;

function toSummary(row: SummaryRow): ThreadSummary {
  return {
    id: Number(row.id),
    affiliate_id: Number(row.affiliate_id),
    affiliate_name: nameOf({ firstName: row.first_name, lastName: row.last_name }),
    affiliate_code: row.code,
    assigned_to:
      row.assigned_to === null
        ? null
        : {
            id: Number(row.assigned_to),
            name: nameOf({ firstName: row.assignee_first ?? '', lastName: row.assignee_last ?? '' }),
          },
    unread: Number(row.unread),
    last_message:
      row.last_body === null
        ? null
        : {
            body: excerpt(row.last_body),
            from_staff: Boolean(row.last_from_staff),
            created_at: new Date(row.last_at ?? 0).toISOString(),
          },
  };
}

/** GET /message-threads: the inbox, latest activity first, filtered to mine, unassigned or unread. */
export async function findThreads(db: Db, adminId: number, query: ThreadQuery): Promise<ThreadPage> {
  const conditions = [sql`true`];
  if (query.filter === 'mine') conditions.push(sql`t.assigned_to = ${adminId}`);
  if (query.filter === 'unassigned') conditions.push(sql`t.assigned_to is null`);
  if (query.filter === 'unread') {
    conditions.push(
      sql`exists (select 1 from messages m where m.thread_id = t.id and not m.from_staff and m.read_at is null)`,
    );
  }
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, '\\$&')}%`;
    conditions.push(
      sql`(u.first_name || ' ' || u.last_name ilike ${like} or a.code ilike ${like} or u.email ilike ${like})`,
    );
  }
  const where = sql.join(conditions, sql` and `);
  const [rows, [total], [unread]] = await Promise.all([
    selectRows<SummaryRow>(
      db,
      sql`select ${summaryColumns} ${summaryFrom} where ${where}
        order by t.last_message_at desc, t.id desc
        limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
    ),
    selectRows<{ n: number }>(db, sql`select count(*)::int as n ${summaryFrom} where ${where}`),
    selectRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from messages where not from_staff and read_at is null`,
    ),
  ]);
  return {
    items: rows.map(toSummary),
    total: Number(total?.n ?? 0),
    page: query.page,
    page_size: query.page_size,
    unread_total: Number(unread?.n ?? 0),
  };
}

async function findSummary(db: Db, threadId: number): Promise<ThreadSummary> {
  const [row] = await selectRows<SummaryRow>(db, sql`select ${summaryColumns} ${summaryFrom} where t.id = ${threadId}`);
  if (!row) throw new AppError('NOT_FOUND', 'Conversation not found.');
  return toSummary(row);
}

/** GET /message-threads/:id: the thread with its messages. */
export async function getThreadById(db: Db, threadId: number): Promise<ThreadDetail> {
  const summary = await findSummary(db, threadId);
  return { ...summary, messages: await messagesOf(db, threadId) };
}

/** POST /message-threads/:id/read: an admin read the affiliate's messages (for every admin). */
export async function markThreadRead(db: Db, threadId: number) {
  await findSummary(db, threadId);
  await markRead(db, threadId, false);
}

/** POST /message-threads/:id/messages: the programme answers; answering reads what it answers. */
export async function replyToThread(ctx: AppContext, adminId: number, threadId: number, body: string) {
  const id = await ctx.db.transaction(async (tx) => {
    const [thread] = await tx
      .select({ id: messageThreads.id, userId: affiliates.userId, email: users.email, language: users.language })
      .from(messageThreads)
      .innerJoin(affiliates, eq(affiliates.id, messageThreads.affiliateId))
      .innerJoin(users, eq(users.id, affiliates.userId))
      .where(eq(messageThreads.id, threadId))
      .for('update', { of: messageThreads });
    if (!thread) throw new AppError('NOT_FOUND', 'Conversation not found.');
    await markRead(tx, threadId, false);
    const row = await insertMessage(tx, threadId, adminId, true, body);
    await notifyUsers(tx, [thread.userId], {
      kind: 'message.reply',
      title: 'New message from the programme',
      text: excerpt(body),
      pt: { title: 'Nova mensagem do programa', text: excerpt(body) },
      data: { thread_id: threadId, message_id: row.id },
    });
    if (!(await hadUnreadBefore(tx, threadId, true, row.id))) {
      await ctx.mailer.queue(tx, {
        to: thread.email,
        ...mails.newMessage(thread.language, {
          from: thread.language === 'pt' ? 'O programa de afiliados' : 'The affiliate programme',
          excerpt: excerpt(body),
          url: `${ctx.publicUrl}/mensagens`,
          toStaff: false,
        }),
      });
    }
    await audit(tx, {
      actorId: adminId,
      action: 'message.reply',
      entity: 'message_thread',
      entityId: threadId,
      after: { message_id: row.id },
    });
    return row.id;
  });
  return findMessage(ctx.db, id);
}

/** PUT /message-threads/:id/assignee: an admin answers this affiliate from now on (or no one). */
export async function assignThread(db: Db, actorId: number, threadId: number, userId: number | null) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(messageThreads).where(eq(messageThreads.id, threadId)).for('update');
    if (!before) throw new AppError('NOT_FOUND', 'Conversation not found.');
    if (userId !== null) {
      const [admin] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.role, ADMIN_ROLE), isNull(users.deletedAt)));
      if (!admin) throw fieldError('user_id', 'is not an active administrator');
    }
    await tx.update(messageThreads).set({ assignedTo: userId }).where(eq(messageThreads.id, threadId));
    await audit(tx, {
      actorId,
      action: 'message_thread.assign',
      entity: 'message_thread',
      entityId: threadId,
      before: { assigned_to: before.assignedTo },
      after: { assigned_to: userId },
    });
    if (userId !== null && userId !== actorId) {
      await notifyUsers(tx, [userId], {
        kind: 'message.assigned',
        title: 'A conversation was assigned to you',
        text: 'Open the inbox to answer it.',
        pt: { title: 'Uma conversa foi atribuída a você', text: 'Abra a caixa de entrada para respondê-la.' },
        data: { thread_id: threadId },
      });
    }
  });
  return findSummary(db, threadId);
}

/** POST /affiliates/:id/message-thread: the affiliate's thread, opened so an admin can write first. */
export async function openThreadFor(db: Db, affiliateId: number) {
  const [affiliate] = await db.select({ id: affiliates.id }).from(affiliates).where(eq(affiliates.id, affiliateId));
  if (!affiliate) throw new AppError('NOT_FOUND', 'Affiliate not found.');
  const thread = await db.transaction((tx) => openThread(tx, affiliateId));
  return { id: thread.id };
}
