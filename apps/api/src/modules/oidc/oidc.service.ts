import { messages } from '@waymark/contracts/errors';
import type { CodeKind, Tokens } from '@waymark/contracts/session';
import type { AppContext } from '../../context';
import { forbidden, HttpError, tooManyRequests } from '../../http-error';
import type { UserWithRole } from '../../plugins/app/auth-context';
import { accountProblem, tenantProblem } from '../../plugins/app/auth-context';
import { audit } from '../audit/audit.service';
import { checkCode, secondFactorOf, sendEmailCode } from '../session/second-factor.service';
import { createSession } from '../session/session.service';
import { SIGN_IN_LIMITS } from '../session/sign-in-guard';
import { register } from '../users/registration.service';

/** What the identity provider says about the person signing in. */
export interface Identity {
  /** the ID token's `iss` and `sub`: who the person is at the provider, whatever their email */
  issuer: string;
  subject: string;
  email?: string;
  name?: string;
  /** the provider's `email_verified` claim: only `true` counts */
  verified?: unknown;
}

export const UNVERIFIED_EMAIL =
  'The identity provider has not confirmed that this email address is verified, so it cannot open an account here';
export const UNCONFIRMED_ACCOUNT =
  'An account was registered here with this email address, which it has not confirmed: reset its password through the link we email, then sign in with OpenID';
export const LINKED_ELSEWHERE =
  'The account of this email address is linked to another identity at the identity provider; sign in with that one';
/** Where an OpenID sign-in stands: signed in, or waiting for the account's second factor. */
export type OidcOutcome = { session: Tokens } | { secondFactor: { userId: number; kind: CodeKind } };

/**
 * Signs in the account bound to the identity (issuer and subject); at an identity's first sign-in, the account of
 * its verified email address, bound to it from then on, or a new one (self-registration: a tenant of its own, no
 * password) when both OIDC_REGISTRATION and the server's registration setting allow. An account with a second
 * factor must still give its code (mailed now for 'email'), unless OIDC_TRUST_MFA says the provider checks one.
 */
export async function signInWithIdentity(
  ctx: AppContext,
  identity: Identity,
  meta: { ip: string; userAgent?: string },
): Promise<OidcOutcome> {
  const user = (await boundAccount(ctx, identity)) ?? (await linkOrRegister(ctx, identity, meta.ip));
  const problem = accountProblem(user) ?? (await tenantProblem(ctx.db, user));
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
  const problem = accountProblem(user) ?? (await tenantProblem(ctx.db, user));
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

/** The account an earlier OpenID sign-in bound to this identity (its `iss` and `sub`), if any. */
function boundAccount(ctx: AppContext, { issuer, subject }: Identity) {
  return ctx.db.user.findUnique({
    where: { oidcIssuer_oidcSubject: { oidcIssuer: issuer, oidcSubject: subject } },
    include: { role: true },
  });
}

/**
 * The first OpenID sign-in of an identity: binds it to the account of its email address, which must be verified
 * by the provider, confirmed here when it was self-registered with a password (anyone could have registered
 * someone else's address first), and not bound to another identity (a later identity showing the same email — an address
 * reassigned or edited at the provider — does not take the account over), or registers a new account bound to it
 * when both OIDC_REGISTRATION and the server's registration setting allow.
 */
async function linkOrRegister(ctx: AppContext, identity: Identity, ip: string): Promise<UserWithRole> {
  const { email, name, issuer, subject } = identity;
  if (!email) throw new HttpError(401, 'The identity provider did not share an email address');
  // Accounts are matched by email, so only an address the provider vouches for may open one: some providers
  // let users type any address and say nothing about it.
  if (identity.verified !== true) throw new HttpError(403, UNVERIFIED_EMAIL);
  const binding = { oidcIssuer: issuer, oidcSubject: subject };
  const existing = await ctx.db.user.findUnique({ where: { email: email.toLowerCase() }, include: { role: true } });
  if (existing) {
    // whoever self-registered it may not own the address: the owner proves it by mail first (a password link)
    if (existing.emailUnconfirmed) throw new HttpError(403, UNCONFIRMED_ACCOUNT);
    // conditional: of two identities linking the same account at once, one wins
    const linked = await ctx.db.user.updateMany({ where: { id: existing.id, oidcSubject: null }, data: binding });
    if (linked.count === 0) throw new HttpError(403, LINKED_ELSEWHERE);
    return { ...existing, ...binding };
  }
  const server = await ctx.db.server.findUnique({ where: { id: 1 }, select: { registration: true } });
  if (!ctx.env.OIDC_REGISTRATION) throw new HttpError(403, 'No account for this identity');
  if (!server?.registration) throw forbidden(messages.registrationDisabled);
  const created = await register(ctx, { email, name: name ?? email.split('@')[0] ?? email, password: null }, ip, {
    viaOidc: true,
  });
  await ctx.db.user.update({ where: { id: created.id }, data: binding });
  return { ...created, ...binding };
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
