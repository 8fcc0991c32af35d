import { messages } from '@waymark/contracts/errors';
import type { AppContext } from '../../context';
import { HttpError, tooManyRequests } from '../../http-error';
import { hashPassword } from '../../security/password';
import { sha256 } from '../../security/secrets';
import { audit } from '../audit/audit.service';
import { revokeCredentials } from '../session/session.service';
import { mailPasswordLink } from './password-links.service';

/**
 * Mails a reset link to an enabled account of this address. Limited per IP (20 an hour, a 429) and per account
 * (3 an hour, silently); the caller learns nothing about whether the account exists.
 */
export async function requestPasswordReset(ctx: AppContext, address: string, ip: string): Promise<void> {
  const email = address.trim().toLowerCase();
  const byIp = await ctx.limiter.hit(`reset:ip:${ip}`, 20, 60 * 60_000);
  const byAcct = await ctx.limiter.hit(`reset:acct:${email}`, 3, 60 * 60_000);
  if (!byIp.allowed) throw tooManyRequests(byIp.retryAfterMs);
  const user = await ctx.db.user.findUnique({ where: { email } });
  if (user && byAcct.allowed && !user.disabled) {
    await mailPasswordLink(ctx, user, 'PASSWORD_RESET');
    await audit(ctx, { action: 'password.reset_requested', userId: user.id, tenantId: user.tenantId, ip });
  }
}

/**
 * Sets the password of a valid reset or invitation link's account; the link and every other open link of the
 * account are used up, and the account's sessions, API tokens and websockets end.
 */
export async function setPasswordByLink(ctx: AppContext, token: string, password: string, ip: string): Promise<void> {
  const limit = await ctx.limiter.hit(`reset:update:${ip}`, 30, 60 * 60_000);
  if (!limit.allowed) throw tooManyRequests(limit.retryAfterMs);
  const row = await ctx.db.oneTimeCode.findFirst({
    where: {
      codeHash: sha256(token),
      purpose: { in: ['PASSWORD_RESET', 'PASSWORD_CREATE'] },
      usedAt: null,
      expiresAt: { gt: new Date() },
    },
  });
  if (!row) throw new HttpError(404, messages.invalidToken);
  const passwordHash = await hashPassword(password);
  // The token is claimed by a conditional update so that concurrent requests cannot all use it.
  const claimed = await ctx.db.$transaction(async (tx) => {
    const used = await tx.oneTimeCode.updateMany({
      where: { id: row.id, usedAt: null, expiresAt: { gt: new Date() } },
      data: { usedAt: new Date() },
    });
    if (used.count !== 1) return false;
    // the link came by mail: its user reads the address
    await tx.user.update({ where: { id: row.userId }, data: { passwordHash, emailUnconfirmed: false } });
    await tx.oneTimeCode.updateMany({
      where: { userId: row.userId, purpose: { in: ['PASSWORD_RESET', 'PASSWORD_CREATE'] }, usedAt: null },
      data: { usedAt: new Date() },
    });
    return true;
  });
  if (!claimed) throw new HttpError(404, messages.invalidToken);
  await revokeCredentials(ctx, row.userId, 'Password changed');
  await audit(ctx, { action: 'password.changed', userId: row.userId, ip });
}
