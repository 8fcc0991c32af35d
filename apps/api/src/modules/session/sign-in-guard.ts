import type { User } from '@waymark/db/client';
import type { AppContext } from '../../context';
import type { RateResult } from '../../security/rate-limiter';
import { audit } from '../audit/audit.service';

/** Attempts allowed to every password sign-in (the form and HTTP Basic alike). */
export const SIGN_IN_LIMITS = {
  perAccount: { limit: 10, windowMs: 15 * 60_000 },
  perIp: { limit: 50, windowMs: 15 * 60_000 },
  codesPerAccount: { limit: 8, windowMs: 15 * 60_000 },
};

/** Counts one password attempt on the account named by this (normalised) email. */
export function hitAccountLimit(ctx: AppContext, email: string): Promise<RateResult> {
  return ctx.limiter.hit(`signin:acct:${email}`, SIGN_IN_LIMITS.perAccount.limit, SIGN_IN_LIMITS.perAccount.windowMs);
}

/** A correct password clears the account's count of attempts. */
export function clearAccountLimit(ctx: AppContext, email: string): Promise<void> {
  return ctx.limiter.reset(`signin:acct:${email}`);
}

/** The audit entry of a wrong email or password. */
export function auditFailedSignIn(ctx: AppContext, user: Pick<User, 'id' | 'tenantId'> | null, ip: string) {
  return audit(ctx, { action: 'session.failed', userId: user?.id, tenantId: user?.tenantId, ip });
}
