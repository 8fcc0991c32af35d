import { messages } from '@waymark/contracts/errors';
import type { Tokens } from '@waymark/contracts/session';
import type { AppContext } from '../../context';
import { forbidden, HttpError } from '../../http-error';
import { accountProblem } from '../../plugins/app/auth-context';
import { audit } from '../audit/audit.service';
import { secondFactorOf } from '../session/second-factor.service';
import { createSession } from '../session/session.service';
import { register } from '../users/registration.service';

/** What the identity provider says about the person signing in. */
export interface Identity {
  email?: string;
  name?: string;
  /** the provider's `email_verified` claim: only `true` counts */
  verified?: unknown;
}

export const UNVERIFIED_EMAIL =
  'The identity provider has not confirmed that this email address is verified, so it cannot open an account here';
export const SECOND_FACTOR_NOT_TRUSTED =
  'This account has a second factor (authenticator or email code) that OpenID sign-in cannot check: sign in with email, password and code';

/**
 * Opens a session for the account of the identity's email address, creating one (self-registration: a tenant
 * of its own, no password) when both OIDC_REGISTRATION and the server's registration setting allow.
 */
export async function signInWithIdentity(
  ctx: AppContext,
  identity: Identity,
  meta: { ip: string; userAgent?: string },
): Promise<Tokens> {
  const { email, name } = identity;
  if (!email) throw new HttpError(401, 'The identity provider did not share an email address');
  // Accounts are matched by email, so only an address the provider vouches for may open one: some providers
  // let users type any address and say nothing about it.
  if (identity.verified !== true) throw new HttpError(403, UNVERIFIED_EMAIL);
  const server = await ctx.db.server.findUnique({ where: { id: 1 }, select: { registration: true, emailOtp: true } });
  const existing = await ctx.db.user.findUnique({ where: { email: email.toLowerCase() }, include: { role: true } });
  if (!existing && !ctx.env.OIDC_REGISTRATION) throw new HttpError(403, 'No account for this identity');
  if (!existing && !server?.registration) throw forbidden(messages.registrationDisabled);
  if (existing) {
    const problem = accountProblem(existing);
    if (problem) throw new HttpError(401, problem);
  }
  // The account's second factor is not the provider's to waive, unless the server says the provider checks one
  // (a new account would get the server-wide email code).
  const secondFactor = existing ? await secondFactorOf(ctx, existing) : server?.emailOtp ? 'email' : null;
  if (secondFactor && !ctx.env.OIDC_TRUST_MFA) throw new HttpError(403, SECOND_FACTOR_NOT_TRUSTED);
  const user =
    existing ??
    (await register(ctx, { email, name: name ?? email.split('@')[0] ?? email, password: null }, meta.ip, {
      viaOidc: true,
    }));
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
