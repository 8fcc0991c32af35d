import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import { publicUrl } from '../../env';
import { randomToken, sha256 } from '../../security/secrets';

export const RESET_TTL_MS = 60 * 60_000;
export const INVITE_TTL_MS = 7 * 86_400_000;

const LINKS = {
  PASSWORD_RESET: {
    path: 'reset',
    ttlMs: RESET_TTL_MS,
    subject: 'Reset your Waymark password',
    text: (name: string, url: string) =>
      `Hello ${name},\n\nTo choose a new password, open this link within one hour:\n${url}\n\nIf you did not ask for this, ignore this message.`,
  },
  PASSWORD_CREATE: {
    path: 'create',
    ttlMs: INVITE_TTL_MS,
    subject: 'Your Waymark account',
    text: (name: string, url: string) =>
      `Hello ${name},\n\nAn account was created for you. Choose your password here (valid for 7 days):\n${url}\n`,
  },
} as const;

/**
 * Mails a single-use link to /password/reset/{token} or /password/create/{token}; only the token's hash is
 * stored. Both end at POST /api/password/update.
 */
export async function mailPasswordLink(
  ctx: AppContext,
  user: { id: number; email: string; name: string },
  purpose: keyof typeof LINKS,
): Promise<void> {
  const link = LINKS[purpose];
  const token = randomToken(32);
  await ctx.db.oneTimeCode.create({
    data: {
      id: randomUUID(),
      userId: user.id,
      purpose,
      codeHash: sha256(token),
      expiresAt: new Date(Date.now() + link.ttlMs),
    },
  });
  const url = `${publicUrl(ctx.env)}/password/${link.path}/${token}`;
  await ctx.mailer.send({ to: user.email, subject: link.subject, text: link.text(user.name, url) });
}
