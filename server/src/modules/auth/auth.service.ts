import type {
  changePasswordBodySchema,
  loginBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  twoStepsBodySchema,
} from '@contract/auth';
import { ADMIN_ROLE, AFFILIATE_ROLE, AUTH_REASONS, type LoginResponse, type Role, type Session } from '@contract/auth';
import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ipHashOf } from '../../client-address';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { affiliates, endedSessions, passwordResets, users } from '../../db/schema';
import { AppError, fieldError } from '../../errors';
import { countRecentMails } from '../../mail/mailer';
import { mails } from '../../mail/templates';
import { isExpiredTokenError, SESSION_ENDED_CHANNEL } from '../../plugins/auth';
import { getMaintenance } from '../../plugins/maintenance';
import { registrationFlags, rememberSignIn } from '../fraud/fraud-checks';
import { currentFraudRules } from '../fraud/fraud-rules.service';
import { findActiveAdmins, notifyAdmins } from '../notifications/notifications.service';
import { checkAnswers, saveAnswers } from '../programme/programme.service';
import { queueWebhookEvent } from '../webhooks/webhook-queue';
import { hashPassword, randomCode, randomToken, sha256, verifyPassword } from './passwords';
import { verifySecondFactor } from './two-factor.service';
import { getUserState } from './user-state';

export const TWO_FACTOR_CHALLENGE_SECONDS = 5 * 60;
export const PASSWORD_RESET_SECONDS = 60 * 60;
const AFFILIATE_CODE_LENGTH = 7;

type UserRow = typeof users.$inferSelect;

export function findUserByEmail(db: Db, email: string) {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .then((rows) => rows[0]);
}

/** A fresh affiliate code: AF and seven characters without look-alikes. */
export async function newAffiliateCode(db: Db): Promise<string> {
  for (;;) {
    const code = `AF${randomCode(AFFILIATE_CODE_LENGTH)}`;
    const [taken] = await db.select({ id: affiliates.id }).from(affiliates).where(eq(affiliates.code, code));
    if (!taken) return code;
  }
}

/** "Someone tried to register with your email" mails one owner may get per hour, so nobody floods an inbox. */
const REGISTRATION_NOTICES_PER_HOUR = 1;
/** Reset links one account may be sent per hour; each stays valid, so the owner can use any of them. */
export const RESET_LINKS_PER_HOUR = 5;
const HOUR_MS = 60 * 60_000;

/**
 * Registration: a pending affiliate with its own code; the admins hear of it. An email already
 * registered gets the very same answer and its owner a mail instead, so the form tells nobody who
 * has an account (decision 012). Its mails are queued in its transaction; the notice to an owner after the answer.
 */
export async function registerAffiliate(ctx: AppContext, body: z.output<typeof registerBodySchema>) {
  // The programme's questions first: a refused answer is a 400 naming it, and nothing is written.
  const answers = await checkAnswers(ctx.db, body.answers);
  // Hashed on both paths, so a taken email answers no sooner than a new one.
  const passwordHash = await hashPassword(body.password);
  const language = body.language ?? 'en';
  const answer = { status: 'pending' as const, email: body.email };
  const tellOwner = () =>
    ctx.tasks.enqueue('registration attempt notice', () => sendRegistrationAttemptNotice(ctx, body.email));
  if (await findUserByEmail(ctx.db, body.email)) {
    tellOwner();
    return answer;
  }

  const name = `${body.first_name} ${body.last_name}`;
  const flags = registrationFlags(await currentFraudRules(ctx.db), body.email);
  try {
    await ctx.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: body.email,
          passwordHash,
          firstName: body.first_name,
          lastName: body.last_name,
          role: AFFILIATE_ROLE,
          language,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('user insert returned nothing');
      const code = await newAffiliateCode(tx);
      const [affiliate] = await tx
        .insert(affiliates)
        .values({ userId: user.id, code, status: 'pending', flags })
        .returning({ id: affiliates.id });
      if (affiliate) await saveAnswers(tx, affiliate.id, answers);
      await queueWebhookEvent(tx, 'affiliate.registered', {
        id: affiliate?.id,
        user_id: user.id,
        code,
        status: 'pending',
        email: body.email,
        first_name: body.first_name,
        last_name: body.last_name,
      });
      await notifyAdmins(tx, {
        kind: 'affiliate.registered',
        title: 'New registration',
        text: `${name} (${body.email}) is waiting for approval.`,
        pt: { title: 'Novo cadastro', text: `${name} (${body.email}) aguarda aprovação.` },
        data: { user_id: user.id },
      });
      await ctx.mailer.queue(tx, {
        to: body.email,
        ...mails.registrationReceived(language, { firstName: body.first_name }),
      });
      const reviewUrl = `${ctx.publicUrl}/admin/aprovar-afiliados`;
      for (const admin of await findActiveAdmins(tx)) {
        await ctx.mailer.queue(tx, {
          to: admin.email,
          ...mails.newRegistration(admin.language, { name, email: body.email, reviewUrl }),
        });
      }
    });
  } catch (error) {
    // Registered meanwhile by a request alongside this one: a taken email like any other.
    if (isUniqueViolation(error, 'users_email_lower_key')) {
      tellOwner();
      return answer;
    }
    throw error;
  }

  return answer;
}

/** Tells the owner of a taken email that someone tried to register with it, once an hour at most. */
async function sendRegistrationAttemptNotice(ctx: AppContext, email: string) {
  const owner = await findUserByEmail(ctx.db, email);
  if (!owner || owner.deletedAt) return;
  const notice = mails.registrationAttempt(owner.language, {
    firstName: owner.firstName,
    loginUrl: `${ctx.publicUrl}/auth/login`,
    forgotUrl: `${ctx.publicUrl}/auth/forgot-password`,
  });
  await ctx.db.transaction(async (tx) => {
    // The person's row, locked, keeps two servers from both sending the last notice of the hour.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.id)).for('update');
    if ((await countRecentMails(tx, owner.email, notice.subject, HOUR_MS)) >= REGISTRATION_NOTICES_PER_HOUR) return;
    await ctx.mailer.queue(tx, { to: owner.email, ...notice });
  });
}

const invalidCredentials = () =>
  new AppError('UNAUTHORIZED', 'The email or password is incorrect.', { reason: AUTH_REASONS.INVALID_CREDENTIALS });

/** Why this person may not sign in now, if anything stops them (checked after the password). */
async function signInRefusal(ctx: AppContext, user: UserRow): Promise<AppError | null> {
  if (user.deletedAt) {
    return new AppError('FORBIDDEN', 'This account has been deactivated.', {
      reason: AUTH_REASONS.ACCOUNT_DEACTIVATED,
    });
  }
  if (user.role !== ADMIN_ROLE) {
    const [affiliate] = await ctx.db
      .select({ status: affiliates.status, reason: affiliates.statusReason })
      .from(affiliates)
      .where(eq(affiliates.userId, user.id));
    if (affiliate?.status === 'pending') {
      return new AppError('FORBIDDEN', 'Your registration is waiting for an administrator to approve it.', {
        reason: AUTH_REASONS.ACCOUNT_PENDING,
      });
    }
    if (affiliate?.status === 'rejected') {
      return new AppError(
        'FORBIDDEN',
        `Your registration was not approved${affiliate.reason ? `: ${affiliate.reason}` : '.'}`,
        {
          reason: AUTH_REASONS.ACCOUNT_REJECTED,
          extensions: affiliate.reason ? { status_reason: affiliate.reason } : {},
        },
      );
    }
    if (affiliate?.status === 'suspended') {
      return new AppError('FORBIDDEN', 'Your account is suspended. Contact the programme.', {
        reason: AUTH_REASONS.ACCOUNT_SUSPENDED,
      });
    }
    const maintenance = await getMaintenance(ctx.db);
    if (maintenance.enabled) {
      return new AppError('UNAVAILABLE', maintenance.message || 'The portal is under maintenance.', {
        reason: AUTH_REASONS.MAINTENANCE,
      });
    }
  }
  return null;
}

/** Where a sign-in comes from (address and agent), remembered for the fraud rules. */
export type SignInDevice = { ip: string; userAgent: string };

export async function startSession(
  ctx: AppContext,
  user: { id: number; role: Role; tokenVersion: number; language: string },
  device?: SignInDevice,
) {
  const token = await ctx.tokens.signSession(user);
  if (device) await rememberSignIn(ctx.db, user.id, ipHashOf(ctx.config.jwtSecret, device.ip), device.userAgent);
  const language = user.language as Session['language'];
  return { token, user: await getUserState(ctx.db, user.id), language } satisfies Session;
}

export async function login(
  ctx: AppContext,
  body: z.output<typeof loginBodySchema>,
  device?: SignInDevice,
): Promise<LoginResponse> {
  const user = await findUserByEmail(ctx.db, body.email);
  if (!(await verifyPassword(user?.passwordHash, body.password)) || !user) throw invalidCredentials();
  const refusal = await signInRefusal(ctx, user);
  if (refusal) throw refusal;
  if (user.twoFactorEnabled) {
    const challenge = await ctx.tokens.signPurpose(
      'two-factor',
      String(user.id),
      { ver: user.tokenVersion },
      TWO_FACTOR_CHALLENGE_SECONDS,
    );
    return { two_factor_required: true, challenge };
  }
  return startSession(ctx, user, device);
}

export async function completeTwoSteps(
  ctx: AppContext,
  body: z.output<typeof twoStepsBodySchema>,
  device?: SignInDevice,
): Promise<Session> {
  let payload: Awaited<ReturnType<AppContext['tokens']['verifyPurpose']>>;
  try {
    payload = await ctx.tokens.verifyPurpose('two-factor', body.challenge);
  } catch (error) {
    throw new AppError(
      'UNAUTHORIZED',
      isExpiredTokenError(error)
        ? 'The verification step expired. Sign in again.'
        : 'The verification step is invalid. Sign in again.',
      { reason: AUTH_REASONS.CHALLENGE_EXPIRED },
    );
  }
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(eq(users.id, Number(payload.sub)));
  if (!user || user.tokenVersion !== payload.ver || !user.twoFactorEnabled) {
    throw new AppError('UNAUTHORIZED', 'The verification step is invalid. Sign in again.', {
      reason: AUTH_REASONS.CHALLENGE_EXPIRED,
    });
  }
  const refusal = await signInRefusal(ctx, user);
  if (refusal) throw refusal;
  if (!(await verifySecondFactor(ctx.db, user.id, body.code))) {
    throw new AppError('UNAUTHORIZED', 'The code is not valid.', {
      reason: AUTH_REASONS.INVALID_TWO_FACTOR_CODE,
      errors: [{ field: 'code', message: 'is not valid' }],
    });
  }
  return startSession(ctx, user, device);
}

/**
 * Always the same answer, at once: looking the person up, issuing the link and mailing it happen
 * after it, so a known email answers no slower than an unknown one (decision 012).
 */
export function requestPasswordReset(ctx: AppContext, email: string) {
  ctx.tasks.enqueue('password reset', () => sendPasswordReset(ctx, email));
}

/** A reset link by mail when the account exists and has not had RESET_LINKS_PER_HOUR this hour. */
async function sendPasswordReset(ctx: AppContext, email: string) {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.deletedAt) return;
  const token = randomToken();
  await ctx.db.transaction(async (tx) => {
    // The person's row, locked, keeps two servers from both issuing the last link of the hour.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [recent] = await tx
      .select({ n: count() })
      .from(passwordResets)
      .where(and(eq(passwordResets.userId, user.id), gt(passwordResets.createdAt, new Date(Date.now() - HOUR_MS))));
    if ((recent?.n ?? 0) >= RESET_LINKS_PER_HOUR) return;
    await tx.insert(passwordResets).values({
      tokenHash: sha256(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + PASSWORD_RESET_SECONDS * 1000),
    });
    // The link and its mail are one: a mail is queued only with the link it carries.
    await ctx.mailer.queue(tx, {
      to: user.email,
      ...mails.passwordReset(user.language, {
        firstName: user.firstName,
        resetUrl: `${ctx.publicUrl}/auth/resetar-senha/${token}`,
      }),
    });
  });
}

const invalidResetToken = () =>
  new AppError('BAD_REQUEST', 'This reset link is invalid, expired or already used.', {
    reason: AUTH_REASONS.INVALID_RESET_TOKEN,
    errors: [{ field: 'token', message: 'is invalid, expired or already used' }],
  });

/** A reset link that can still be used: known, not used, not expired. Using it is resetPassword's. */
export async function checkResetToken(db: Db, token: string) {
  const [usable] = await db
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, sha256(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
      ),
    );
  if (!usable) throw invalidResetToken();
}

export async function resetPassword(ctx: AppContext, body: z.output<typeof resetPasswordBodySchema>) {
  const passwordHash = await hashPassword(body.password);
  const done = await ctx.db.transaction(async (tx) => {
    // Claiming the token and changing the password happen together, so a token works exactly once.
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.tokenHash, sha256(body.token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!claimed) return false;
    await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, claimed.userId));
    return true;
  });
  if (!done) throw invalidResetToken();
}

/** A new password ends every other session; the caller gets a fresh token to stay signed in. */
export async function changePassword(
  ctx: AppContext,
  userId: number,
  body: z.output<typeof changePasswordBodySchema>,
): Promise<{ token: string }> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('NOT_FOUND', 'User not found.');
  if (!(await verifyPassword(user.passwordHash, body.current_password))) {
    throw new AppError('UNPROCESSABLE', 'The current password is incorrect.', {
      reason: AUTH_REASONS.WRONG_PASSWORD,
      errors: [{ field: 'current_password', message: 'is incorrect' }],
    });
  }
  if (body.current_password === body.new_password) {
    throw fieldError('new_password', 'must differ from the current password');
  }
  const passwordHash = await hashPassword(body.new_password);
  const [updated] = await ctx.db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ id: users.id, role: users.role, tokenVersion: users.tokenVersion });
  if (!updated) throw new AppError('NOT_FOUND', 'User not found.');
  return { token: await ctx.tokens.signSession(updated) };
}

/**
 * Signing out ends this session on every server: its token id is kept until the token would have
 * expired, and the guard refuses it meanwhile. Ids past their expiry are swept on the way.
 */

export async function endSession(db: Db, userId: number, session: { id: string; expiresAt: Date }) {
  await db.transaction(async (tx) => {
    await tx.delete(endedSessions).where(lt(endedSessions.expiresAt, sql`now()`));
    await tx
      .insert(endedSessions)
      .values({ tokenId: session.id, userId, expiresAt: session.expiresAt })
      .onConflictDoNothing();
    await tx.execute(sql`select pg_notify(${SESSION_ENDED_CHANNEL}, ${session.id})`);
  });
}
