import type { AppContext } from '../../context';
import { forbidden } from '../../http-error';
import type { AuthContext } from '../../plugins/app/auth-context';

export const ACCOUNT_READONLY_MESSAGE = 'Your account is read-only';

/**
 * Read-only accounts (the user's or the server's `readonly` flag) may look but not create, change or delete
 * anything: every write path calls this first. What stays open to them is their own account — signing in and
 * out, their API tokens, their password, second factor and preferences. Administrators are never read-only.
 */
export async function checkNotReadonly(ctx: AppContext, auth: AuthContext): Promise<void> {
  if (auth.user.administrator) return;
  if (auth.user.readonly) throw forbidden(ACCOUNT_READONLY_MESSAGE);
  const server = await ctx.db.server.findUnique({ where: { id: 1 }, select: { readonly: true } });
  if (server?.readonly) throw forbidden(ACCOUNT_READONLY_MESSAGE);
}
