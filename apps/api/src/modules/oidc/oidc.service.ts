import type { Tokens } from '@waymark/contracts/session';
import type { AppContext } from '../../context';
import { HttpError } from '../../http-error';
import { accountProblem } from '../../plugins/app/auth-context';
import { audit } from '../audit/audit.service';
import { createSession } from '../session/session.service';
import { register } from '../users/registration.service';

/** What the identity provider says about the person signing in. */
export interface Identity {
  email?: string;
  name?: string;
  /** false when the provider has not verified the address; undefined when it does not say */
  verified?: unknown;
}

/**
 * Opens a session for the account of the identity's email address, creating one (self-registration: a tenant
 * of its own, no password) when OIDC_REGISTRATION allows.
 */
export async function signInWithIdentity(
  ctx: AppContext,
  identity: Identity,
  meta: { ip: string; userAgent?: string },
): Promise<Tokens> {
  const { email, name } = identity;
  if (!email) throw new HttpError(401, 'The identity provider did not share an email address');
  // Accounts are matched by email: an address the provider says it has not verified must not open one.
  if (identity.verified === false)
    throw new HttpError(401, 'The identity provider has not verified this email address');
  const existing = await ctx.db.user.findUnique({ where: { email: email.toLowerCase() }, include: { role: true } });
  if (!existing && !ctx.env.OIDC_REGISTRATION) throw new HttpError(403, 'No account for this identity');
  const user =
    existing ??
    (await register(ctx, { email, name: name ?? email.split('@')[0] ?? email, password: null }, meta.ip, {
      viaOidc: true,
    }));
  const problem = accountProblem(user);
  if (problem) throw new HttpError(401, problem);
  const session = await createSession(ctx, user.id, { ...meta, method: 'oidc' });
  await audit(ctx, {
    action: 'session.created',
    userId: user.id,
    tenantId: user.tenantId,
    ip: meta.ip,
    details: { method: 'oidc' },
  });
  return session;
}
