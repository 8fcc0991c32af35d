import { randomUUID } from 'node:crypto';
import type { CodeKind } from '@waymark/contracts/session';
import type { User } from '@waymark/db/client';
import { verify } from 'otplib';
import type { AppContext } from '../../context';
import { randomDigits, randomToken, safeEqual } from '../../security/secrets';
import { openTotp } from '../users/totp-secrets';

export const EMAIL_CODE_TTL_MS = 10 * 60_000;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;

/** Which second factor the account needs, if any: TOTP when enabled, else an emailed code. */
export async function secondFactorOf(ctx: AppContext, user: User): Promise<CodeKind | null> {
  if (user.totpKey) return 'totp';
  if (user.emailOtp) return 'email';
  const server = await ctx.db.server.findUnique({ where: { id: 1 }, select: { emailOtp: true } });
  return server?.emailOtp ? 'email' : null;
}

/**
 * What is stored of an emailed code: `h1.<salt>.<HMAC-SHA256(salt, userId:code)>`, with a random salt per code and
 * the HMAC under the server's secrets key (never in the database). A plain hash of a 6-digit code is reversed by
 * trying the million codes; without the key a copy of the table tells nothing.
 */
function hashCode(ctx: AppContext, userId: number, code: string, salt = randomToken(16)): string {
  return `h1.${salt}.${ctx.secrets.mac(salt, `${userId}:${code}`)}`;
}

/** Whether `code` is the one `stored` was made from (constant time); hashes of another format never match. */
function codeMatches(ctx: AppContext, userId: number, code: string, stored: string): boolean {
  const [format, salt] = stored.split('.');
  if (format !== 'h1' || !salt) return false;
  return safeEqual(stored, hashCode(ctx, userId, code, salt));
}

/** Mails a fresh 6-digit sign-in code (10 minutes, single use); earlier unused codes stop working. */
export async function sendEmailCode(ctx: AppContext, user: User): Promise<void> {
  const code = randomDigits(6);
  await ctx.db.$transaction([
    ctx.db.oneTimeCode.updateMany({
      where: { userId: user.id, purpose: 'LOGIN', usedAt: null },
      data: { usedAt: new Date() },
    }),
    ctx.db.oneTimeCode.create({
      data: {
        id: randomUUID(),
        userId: user.id,
        purpose: 'LOGIN',
        codeHash: hashCode(ctx, user.id, code),
        expiresAt: new Date(Date.now() + EMAIL_CODE_TTL_MS),
      },
    }),
  ]);
  await ctx.mailer.send({
    to: user.email,
    subject: 'Your Waymark sign-in code',
    text: `Your sign-in code is ${code}\n\nIt is valid for 10 minutes and can be used once. If you did not try to sign in, change your password.`,
  });
}

/** Checks a code of the given kind; an emailed code is consumed, and burnt after too many wrong tries. */
export async function checkCode(ctx: AppContext, user: User, kind: CodeKind, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  if (kind === 'totp') {
    if (!user.totpKey) return false;
    const step = await totpStep(openTotp(ctx, user.id, user.totpKey), code, user.totpLastStep);
    if (step === null) return false;
    // A code is accepted once: the step only moves forward, atomically.
    const claimed = await ctx.db.user.updateMany({
      where: { id: user.id, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
      data: { totpLastStep: step },
    });
    return claimed.count === 1;
  }
  const row = await ctx.db.oneTimeCode.findFirst({
    where: { userId: user.id, purpose: 'LOGIN', usedAt: null, expiresAt: { gt: new Date() } },
    orderBy: { createdAt: 'desc' },
  });
  if (!row) return false;
  // Conditional, atomic updates: concurrent requests can neither use one code twice nor lose wrong attempts.
  if (codeMatches(ctx, user.id, code, row.codeHash)) {
    const claimed = await ctx.db.oneTimeCode.updateMany({
      where: { id: row.id, usedAt: null, attempts: { lt: EMAIL_CODE_MAX_ATTEMPTS }, expiresAt: { gt: new Date() } },
      data: { attempts: { increment: 1 }, usedAt: new Date() },
    });
    return claimed.count === 1;
  }
  await ctx.db.oneTimeCode.updateMany({ where: { id: row.id, usedAt: null }, data: { attempts: { increment: 1 } } });
  await ctx.db.oneTimeCode.updateMany({
    where: { id: row.id, usedAt: null, attempts: { gte: EMAIL_CODE_MAX_ATTEMPTS } },
    data: { usedAt: new Date() },
  });
  return false;
}

export async function verifyTotp(secret: string, code: string): Promise<boolean> {
  return (await totpStep(secret, code, null)) !== null;
}

/** The time step a valid code belongs to (±30 s of drift allowed, never at or before `after`), else null. */
async function totpStep(secret: string, code: string, after: number | null): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: 30,
      ...(after !== null ? { afterTimeStep: after } : {}),
    });
    return result.valid && 'timeStep' in result ? (result.timeStep as number) : null;
  } catch {
    return null;
  }
}
