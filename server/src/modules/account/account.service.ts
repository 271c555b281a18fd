import { type Account, AVATAR_MAX_BYTES, AVATAR_SIZE, type updateAccountBodySchema } from '@contract/account';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  affiliatePostbacks,
  affiliates,
  analyticsEvents,
  avatars,
  contactMessages,
  coupons,
  levels,
  logs,
  networks,
  notifications,
  signInDevices,
  users,
} from '../../db/schema';
import { AppError } from '../../errors';
import { toWebp } from '../../images';
import { getUserState } from '../auth/user-state';
import { findAnswers } from '../programme/programme.service';

export async function getAccount(db: Db, userId: number): Promise<Account> {
  const [row] = await db
    .select({ user: users, affiliate: affiliates, levelName: levels.name, networkName: networks.name })
    .from(users)
    .leftJoin(affiliates, eq(affiliates.userId, users.id))
    .leftJoin(levels, eq(levels.id, affiliates.levelId))
    .leftJoin(networks, eq(networks.id, affiliates.networkId))
    .where(eq(users.id, userId));
  if (!row) throw new AppError('NOT_FOUND', 'User not found.');
  const { user, affiliate } = row;
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    avatar_url: user.avatarUrl,
    language: user.language as Account['language'],
    role: user.role,
    two_factor_enabled: user.twoFactorEnabled,
    announcements_opt_out: user.announcementsOptOut,
    affiliate: affiliate
      ? {
          id: affiliate.id,
          code: affiliate.code,
          status: affiliate.status,
          level_name: row.levelName,
          network_name: row.networkName,
          pix_key:
            affiliate.pixKey && affiliate.pixKeyType ? { type: affiliate.pixKeyType, key: affiliate.pixKey } : null,
        }
      : null,
  };
}

export async function updateAccount(db: Db, userId: number, body: z.output<typeof updateAccountBodySchema>) {
  await db.transaction(async (tx) => {
    const change = {
      ...(body.first_name === undefined ? {} : { firstName: body.first_name }),
      ...(body.last_name === undefined ? {} : { lastName: body.last_name }),
      ...(body.language === undefined ? {} : { language: body.language }),
      ...(body.announcements_opt_out === undefined ? {} : { announcementsOptOut: body.announcements_opt_out }),
    };
    if (Object.keys(change).length) await tx.update(users).set(change).where(eq(users.id, userId));
    if (body.pix_key !== undefined) {
      const [affiliate] = await tx.select({ id: affiliates.id }).from(affiliates).where(eq(affiliates.userId, userId));
      if (!affiliate)
        throw new AppError('VALIDATION', 'Only affiliates have a PIX key.', {
          errors: [{ field: 'pix_key', message: 'only affiliates have one' }],
        });
      await tx
        .update(affiliates)
        .set({ pixKey: body.pix_key?.key ?? null, pixKeyType: body.pix_key?.type ?? null })
        .where(eq(affiliates.id, affiliate.id));
    }
  });
  return { user: await getUserState(db, userId), account: await getAccount(db, userId) };
}

/** A PNG, JPEG or WebP of at most 2 MB becomes a 256 px square WebP; the user state points at it. */
export async function setAvatar(db: Db, userId: number, upload: Buffer) {
  const content = await toWebp(upload, {
    field: 'avatar',
    maxBytes: AVATAR_MAX_BYTES,
    width: AVATAR_SIZE,
    height: AVATAR_SIZE,
  });
  const avatarUrl = `/api/v1/avatars/${userId}?v=${Date.now()}`;
  await db.transaction(async (tx) => {
    await tx
      .insert(avatars)
      .values({ userId, content, contentType: 'image/webp' })
      .onConflictDoUpdate({
        target: avatars.userId,
        set: { content, contentType: 'image/webp', updatedAt: new Date() },
      });
    await tx.update(users).set({ avatarUrl }).where(eq(users.id, userId));
  });
  return { user: await getUserState(db, userId), account: await getAccount(db, userId) };
}

export async function getAvatar(db: Db, userId: number) {
  const [row] = await db.select().from(avatars).where(eq(avatars.userId, userId));
  if (!row) throw new AppError('NOT_FOUND', 'No avatar.');
  return row;
}

/** LGPD: everything the portal keeps about the person, as one JSON document. */
export async function exportMyData(db: Db, userId: number) {
  const [account, myNotifications, myLogs, myEvents, myMessages, myDevices, [mine]] = await Promise.all([
    getAccount(db, userId),
    db.select().from(notifications).where(eq(notifications.userId, userId)),
    db.select().from(logs).where(eq(logs.writtenBy, userId)),
    db.select().from(analyticsEvents).where(eq(analyticsEvents.userId, userId)),
    db.select().from(contactMessages).where(eq(contactMessages.userId, userId)),
    // The devices the fraud rules compare clicks with: an address hash and an agent, never an address.
    db.select().from(signInDevices).where(eq(signInDevices.userId, userId)),
    db.select({ id: affiliates.id }).from(affiliates).where(eq(affiliates.userId, userId)),
  ]);
  const [postback, myCoupons, myAnswers] = mine
    ? await Promise.all([
        db.select().from(affiliatePostbacks).where(eq(affiliatePostbacks.affiliateId, mine.id)),
        db.select().from(coupons).where(eq(coupons.affiliateId, mine.id)),
        findAnswers(db, [mine.id]).then((answers) => answers.get(mine.id) ?? []),
      ])
    : [[], [], []];
  return {
    exported_at: new Date().toISOString(),
    account,
    notifications: myNotifications,
    logs: myLogs,
    analytics_events: myEvents,
    contact_messages: myMessages,
    sign_in_devices: myDevices,
    postback: postback[0] ?? null,
    coupons: myCoupons,
    application_answers: myAnswers,
  };
}
