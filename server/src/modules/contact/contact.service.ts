import type { ContactBody } from '@contract/contact';
import { count, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { contactMessages, users } from '../../db/schema';
import { mails } from '../../mail/templates';
import { findActiveAdmins, notifyAdmins } from '../notifications/notifications.service';

/** A message to the programme: kept, pushed to the admins and emailed to them. */
export async function sendContactMessage(ctx: AppContext, userId: number, body: ContactBody) {
  const { id } = await ctx.db.transaction(async (tx) => {
    const [person] = await tx.select().from(users).where(eq(users.id, userId));
    const [row] = await tx
      .insert(contactMessages)
      .values({ userId, subject: body.subject, message: body.message })
      .returning({ id: contactMessages.id });
    const name = `${person?.firstName ?? ''} ${person?.lastName ?? ''}`.trim();
    await notifyAdmins(tx, {
      kind: 'contact.message',
      title: 'New contact message',
      text: `${name}: ${body.subject}`,
      pt: { title: 'Nova mensagem de contato', text: `${name}: ${body.subject}` },
      data: { contact_message_id: row?.id },
    });
    const sender = { name, email: person?.email ?? '' };
    for (const admin of await findActiveAdmins(tx)) {
      await ctx.mailer.queue(tx, {
        to: admin.email,
        ...mails.contactMessage(admin.language, { ...sender, subject: body.subject, message: body.message }),
      });
    }
    return { id: row?.id ?? 0 };
  });
  return { id };
}

export async function findContactMessages(db: Db, query: { page: number; page_size: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: contactMessages.id,
        user_id: contactMessages.userId,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        subject: contactMessages.subject,
        message: contactMessages.message,
        createdAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .innerJoin(users, eq(users.id, contactMessages.userId))
      .orderBy(desc(contactMessages.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(contactMessages),
  ]);
  return {
    items: rows.map(({ firstName, lastName, createdAt, ...row }) => ({
      ...row,
      name: `${firstName} ${lastName}`,
      created_at: createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}
