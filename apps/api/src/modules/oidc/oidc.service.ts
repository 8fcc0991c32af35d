import { messages } from '@waymark/contracts/errors';
import type { CodeKind, Tokens } from '@waymark/contracts/session';
import type { AppContext } from '../../context';
import { forbidden, HttpError, tooManyRequests } from '../../http-error';
import type { UserWithRole } from '../../plugins/app/auth-context';
import { accountProblem } from '../../plugins/app/auth-context';
import { audit } from '../audit/audit.service';
import { checkCode, secondFactorOf, sendEmailCode } from '../session/second-factor.service';
import { createSession } from '../session/session.service';
import { SIGN_IN_LIMITS } from '../session/sign-in-guard';
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
/** Where an OpenID sign-in stands: signed in, or waiting for the account's second factor. */
export type OidcOutcome = { session: Tokens } | { secondFactor: { userId: number; kind: CodeKind } };

/**
 * Signs in the account of the identity's email address, creating one (self-registration: a tenant of its own, no
 * password) when both OIDC_REGISTRATION and the server's registration setting allow. An account with a second
 * factor must still give its code (mailed now for 'email'), unless OIDC_TRUST_MFA says the provider checks one.
 */
export async function signInWithIdentity(
  ctx: AppContext,
  identity: Identity,
  meta: { ip: string; userAgent?: string },
): Promise<OidcOutcome> {
  const { email, name } = identity;
  if (!email) throw new HttpError(401, 'The identity provider did not share an email address');
  // Accounts are matched by email, so only an address the provider vouches for may open one: some providers
  // let users type any address and say nothing about it.
  if (identity.verified !== true) throw new HttpError(403, UNVERIFIED_EMAIL);
  const server = await ctx.db.server.findUnique({ where: { id: 1 }, select: { registration: true } });
  const existing = await ctx.db.user.findUnique({ where: { email: email.toLowerCase() }, include: { role: true } });
  if (!existing && !ctx.env.OIDC_REGISTRATION) throw new HttpError(403, 'No account for this identity');
  if (!existing && !server?.registration) throw forbidden(messages.registrationDisabled);
  const user =
    existing ??
    (await register(ctx, { email, name: name ?? email.split('@')[0] ?? email, password: null }, meta.ip, {
      viaOidc: true,
    }));
  const problem = accountProblem(user);
  if (problem) throw new HttpError(401, problem);
  const kind = ctx.env.OIDC_TRUST_MFA ? null : await secondFactorOf(ctx, user);
  if (kind) {
    if (kind === 'email') {
      const sends = await ctx.limiter.hit(`signin:mail:${user.id}`, 5, 15 * 60_000);
      if (!sends.allowed) throw tooManyRequests(sends.retryAfterMs);
      await sendEmailCode(ctx, user);
    }
    return { secondFactor: { userId: user.id, kind } };
  }
  return { session: await openSession(ctx, user, meta) };
}

/**
 * The second step of an OpenID sign-in that needs the account's code: the same per-account limit, check and audit
 * as the sign-in form's code. Null when the code is wrong.
 */
export async function signInWithCode(
  ctx: AppContext,
  pending: { userId: number; kind: CodeKind },
  code: string,
  meta: { ip: string; userAgent?: string },
): Promise<Tokens | null> {
  const user = await ctx.db.user.findUnique({ where: { id: pending.userId }, include: { role: true } });
  if (!user) throw new HttpError(400, CODE_STEP_EXPIRED);
  const problem = accountProblem(user);
  if (problem) throw new HttpError(401, problem);
  const { limit, windowMs } = SIGN_IN_LIMITS.codesPerAccount;
  const tries = await ctx.limiter.hit(`signin:code:${user.id}`, limit, windowMs);
  if (!tries.allowed) throw tooManyRequests(tries.retryAfterMs);
  if (!(await checkCode(ctx, user, pending.kind, code))) {
    await audit(ctx, { action: 'session.code_failed', userId: user.id, tenantId: user.tenantId, ip: meta.ip });
    return null;
  }
  await ctx.limiter.reset(`signin:code:${user.id}`);
  return openSession(ctx, user, meta);
}

export const CODE_STEP_EXPIRED = 'The sign-in attempt has expired, start again';

async function openSession(ctx: AppContext, user: UserWithRole, meta: { ip: string; userAgent?: string }) {
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
