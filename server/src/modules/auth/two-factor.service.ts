import { AUTH_REASONS } from '@contract/auth';
import { eq, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { randomCode, sha256, verifyPassword } from './passwords';

export const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'Afiliados';
/** Accept the code of the previous and next 30-second step too: phones' clocks drift. */
const EPOCH_TOLERANCE_SECONDS = 30;

async function getUser(db: Db, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('NOT_FOUND', 'User not found.');
  return user;
}

export async function getTwoFactorStatus(db: Db, userId: number) {
  return { enabled: (await getUser(db, userId)).twoFactorEnabled };
}

/** A new secret, kept aside until the person proves their app has it (enable). Shown once. */
export async function setupTwoFactor(db: Db, userId: number) {
  const user = await getUser(db, userId);
  if (user.twoFactorEnabled) {
    throw new AppError('CONFLICT', 'Two-step verification is already on. Turn it off first.', {
      reason: 'TWO_FACTOR_ALREADY_ENABLED',
    });
  }
  const secret = generateSecret();
  await db.update(users).set({ twoFactorSecret: secret }).where(eq(users.id, userId));
  const otpauthUrl = generateURI({ issuer: ISSUER, label: user.email, secret });
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauth_url: otpauthUrl, qr_svg: qrSvg };
}

/** otplib types its result for HOTP and TOTP together; a TOTP match carries its time step. */
function timeStepOf(result: object): number | null {
  return 'timeStep' in result && typeof result.timeStep === 'number' ? result.timeStep : null;
}

function normaliseRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

export async function enableTwoFactor(db: Db, userId: number, code: string) {
  const user = await getUser(db, userId);
  if (user.twoFactorEnabled) {
    throw new AppError('CONFLICT', 'Two-step verification is already on.', { reason: 'TWO_FACTOR_ALREADY_ENABLED' });
  }
  if (!user.twoFactorSecret) {
    throw new AppError('CONFLICT', 'Start the set-up first.', { reason: 'TWO_FACTOR_NOT_SET_UP' });
  }
  const result = await verify({ secret: user.twoFactorSecret, token: code, epochTolerance: EPOCH_TOLERANCE_SECONDS });
  if (!result.valid) {
    throw new AppError('UNPROCESSABLE', 'The code is not valid. Check the time on your phone and try again.', {
      reason: AUTH_REASONS.INVALID_TWO_FACTOR_CODE,
      errors: [{ field: 'code', message: 'is not valid' }],
    });
  }
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = randomCode(10);
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  await db
    .update(users)
    .set({
      twoFactorEnabled: true,
      twoFactorLastStep: timeStepOf(result),
      twoFactorRecoveryCodes: recoveryCodes.map((c) => sha256(normaliseRecoveryCode(c))),
    })
    .where(eq(users.id, userId));
  return { recovery_codes: recoveryCodes };
}

export async function disableTwoFactor(db: Db, userId: number, password: string) {
  const user = await getUser(db, userId);
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new AppError('UNPROCESSABLE', 'The password is incorrect.', {
      reason: AUTH_REASONS.WRONG_PASSWORD,
      errors: [{ field: 'password', message: 'is incorrect' }],
    });
  }
  await db
    .update(users)
    .set({ twoFactorEnabled: false, twoFactorSecret: null, twoFactorRecoveryCodes: [], twoFactorLastStep: null })
    .where(eq(users.id, userId));
}

/**
 * The second factor at sign-in: a TOTP code not used before, or an unused recovery code (which is
 * then spent). The row is locked so two attempts with one code cannot both pass.
 */
export async function verifySecondFactor(db: Db, userId: number, code: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user?.twoFactorEnabled || !user.twoFactorSecret) return false;
    const digits = code.replace(/\s/g, '');
    if (/^\d{6}$/.test(digits)) {
      const result = await verify({
        secret: user.twoFactorSecret,
        token: digits,
        epochTolerance: EPOCH_TOLERANCE_SECONDS,
        ...(user.twoFactorLastStep === null ? {} : { afterTimeStep: user.twoFactorLastStep }),
      });
      if (!result.valid) return false;
      await tx
        .update(users)
        .set({ twoFactorLastStep: timeStepOf(result) })
        .where(eq(users.id, userId));
      return true;
    }
    const hashed = sha256(normaliseRecoveryCode(code));
    if (!user.twoFactorRecoveryCodes.includes(hashed)) return false;
    await tx
      .update(users)
      .set({
        twoFactorRecoveryCodes: sql`${JSON.stringify(user.twoFactorRecoveryCodes.filter((h) => h !== hashed))}::jsonb`,
      })
      .where(eq(users.id, userId));
    return true;
  });
}
