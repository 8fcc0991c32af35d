import { messages } from '@waymark/contracts/errors';
import type { SignInResponse } from '@waymark/contracts/session';
import type { AppContext } from '../../context';
import { HttpError, tooManyRequests } from '../../http-error';
import { accountProblem, cappedPermissions, tenantProblem } from '../../plugins/app/auth-context';
import { hashPassword, needsRehash, verifyPassword } from '../../security/password';
import { audit } from '../audit/audit.service';
import { refusePasswordWhenOidcForced } from '../oidc/oidc-force';
import { presentUser } from '../users/users.presenter';
import { checkCode, secondFactorOf, sendEmailCode } from './second-factor.service';
import type { SessionMeta } from './session.service';
import { createSession } from './session.service';
import { auditFailedSignIn, clearAccountLimit, hitAccountLimit, SIGN_IN_LIMITS } from './sign-in-guard';

/**
 * POST /api/session. Wrong credentials give one message whichever part was wrong. With a second factor
 * and no code, answers 401 + WWW-Authenticate: TOTP naming the kind of code (and mails one for 'email').
 */
export async function signIn(
  ctx: AppContext,
  input: { email: string; password: string; code?: string },
  meta: SessionMeta & { ip: string },
): Promise<SignInResponse & { refreshToken: string }> {
  refusePasswordWhenOidcForced(ctx);
  const email = input.email.trim().toLowerCase();
  const ip = await ctx.limiter.hit(`signin:ip:${meta.ip}`, SIGN_IN_LIMITS.perIp.limit, SIGN_IN_LIMITS.perIp.windowMs);
  if (!ip.allowed) throw tooManyRequests(ip.retryAfterMs);
  const acct = await hitAccountLimit(ctx, email, meta.ip);
  if (!acct.allowed) throw tooManyRequests(acct.retryAfterMs);

  const user = await ctx.db.user.findUnique({ where: { email }, include: { role: true } });
  const passwordOk = await verifyPassword(input.password, user?.passwordHash);
  if (!user || !passwordOk) {
    await auditFailedSignIn(ctx, user, meta.ip);
    throw new HttpError(401, messages.incorrectCredentials);
  }
  const problem = accountProblem(user) ?? (await tenantProblem(ctx.db, user));
  if (problem) throw new HttpError(401, problem);

  const kind = await secondFactorOf(ctx, user);
  if (kind) {
    const challenge = (message: string) =>
      new HttpError(401, message, { codeKind: kind }, { 'www-authenticate': 'TOTP' });
    if (!input.code) {
      if (kind === 'email') {
        const sends = await ctx.limiter.hit(`signin:mail:${user.id}`, 5, 15 * 60_000);
        if (!sends.allowed) throw tooManyRequests(sends.retryAfterMs);
        await sendEmailCode(ctx, user);
      }
      throw challenge(messages.codeRequired);
    }
    const tries = await ctx.limiter.hit(
      `signin:code:${user.id}`,
      SIGN_IN_LIMITS.codesPerAccount.limit,
      SIGN_IN_LIMITS.codesPerAccount.windowMs,
    );
    if (!tries.allowed) throw tooManyRequests(tries.retryAfterMs);
    if (!(await checkCode(ctx, user, kind, input.code))) {
      await audit(ctx, { action: 'session.code_failed', userId: user.id, tenantId: user.tenantId, ip: meta.ip });
      throw challenge(messages.invalidCode);
    }
    await ctx.limiter.reset(`signin:code:${user.id}`);
  }

  await clearAccountLimit(ctx, email, meta.ip);
  if (user.passwordHash && needsRehash(user.passwordHash)) {
    // the password is at hand only now: store it again at the current cost, unless it changed meanwhile
    await ctx.db.user.updateMany({
      where: { id: user.id, passwordHash: user.passwordHash },
      data: { passwordHash: await hashPassword(input.password) },
    });
  }
  const tokens = await createSession(ctx, user.id, meta);
  await audit(ctx, { action: 'session.created', userId: user.id, tenantId: user.tenantId, ip: meta.ip });
  return { ...presentUser(user, await cappedPermissions(ctx.db, user)), ...tokens };
}
