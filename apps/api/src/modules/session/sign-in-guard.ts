import type { User } from '@waymark/db/client';
import type { AppContext } from '../../context';
import type { RateResult } from '../../security/rate-limiter';
import { audit } from '../audit/audit.service';

const MINUTE = 60_000;

/**
 * Attempts allowed to every password sign-in (the form and HTTP Basic alike). Wrong passwords are counted per
 * account *and client address*: 10 per 15 minutes, and no more than 30 a day (the back-off of a persistent
 * guesser), so someone who knows an email address locks out only their own address, not the owner. Guessing
 * spread over many addresses meets the account-wide ceiling: 30 per 15 minutes from addresses the account has
 * not signed in from in the last 30 days; the owner's usual addresses are not held by it.
 */
export const SIGN_IN_LIMITS = {
  perAccountAndIp: { limit: 10, windowMs: 15 * MINUTE },
  perAccountAndIpDaily: { limit: 30, windowMs: 24 * 60 * MINUTE },
  perAccount: { limit: 30, windowMs: 15 * MINUTE },
  perIp: { limit: 50, windowMs: 15 * MINUTE },
  codesPerAccount: { limit: 8, windowMs: 15 * MINUTE },
};

/** How far back a successful sign-in makes an address the account's own. */
const KNOWN_ADDRESS_MS = 30 * 24 * 60 * MINUTE;

const pairKey = (email: string, ip: string) => `signin:acct-ip:${email}:${ip}`;
const dailyPairKey = (email: string, ip: string) => `signin:acct-ip-day:${email}:${ip}`;

/** Whether the account (by email) had a session opened from this address in the last 30 days. */
async function knownAddress(ctx: AppContext, email: string, ip: string): Promise<boolean> {
  const session = await ctx.db.authSession.findFirst({
    where: { ip, user: { email }, createdAt: { gt: new Date(Date.now() - KNOWN_ADDRESS_MS) } },
    select: { id: true },
  });
  return session !== null;
}

/**
 * Counts one password attempt on the account named by this (normalised) email from a client address; the
 * answer of the limit that holds it, if any.
 */
export async function hitAccountLimit(ctx: AppContext, email: string, ip: string): Promise<RateResult> {
  const { perAccountAndIp: pair, perAccountAndIpDaily: daily, perAccount: ceiling } = SIGN_IN_LIMITS;
  const fromHere = await ctx.limiter.hit(pairKey(email, ip), pair.limit, pair.windowMs);
  if (!fromHere.allowed) return fromHere;
  const today = await ctx.limiter.hit(dailyPairKey(email, ip), daily.limit, daily.windowMs);
  if (!today.allowed) return today;
  const overall = await ctx.limiter.hit(`signin:acct:${email}`, ceiling.limit, ceiling.windowMs);
  if (overall.allowed || (await knownAddress(ctx, email, ip))) return fromHere;
  return overall;
}

/**
 * A correct password clears the count of its address. The account-wide count is left to run out: it measures
 * guessing from elsewhere, which one right password does not stop.
 */
export async function clearAccountLimit(ctx: AppContext, email: string, ip: string): Promise<void> {
  await ctx.limiter.reset(pairKey(email, ip));
  await ctx.limiter.reset(dailyPairKey(email, ip));
}

/** The audit entry of a wrong email or password. */
export function auditFailedSignIn(ctx: AppContext, user: Pick<User, 'id' | 'tenantId'> | null, ip: string) {
  return audit(ctx, { action: 'session.failed', userId: user?.id, tenantId: user?.tenantId, ip });
}
