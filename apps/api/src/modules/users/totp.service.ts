import { messages } from '@waymark/contracts/errors';
import type { totpSetupSchema } from '@waymark/contracts/session';
import { generateSecret, generateURI } from 'otplib';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { forbidden, HttpError } from '../../http-error';
import type { AuthContext } from '../../plugins/app/auth-context';
import { verifyPassword } from '../../security/password';
import { audit } from '../audit/audit.service';
import { verifyTotp } from '../session/second-factor.service';
import { openTotp, sealTotp } from './totp-secrets';

/** A pending TOTP secret for the caller and its otpauth URI; it takes effect once a code from it is verified. */
export async function startTotp(ctx: AppContext, auth: AuthContext): Promise<z.infer<typeof totpSetupSchema>> {
  const secret = generateSecret({ length: 20 });
  await ctx.db.user.update({
    where: { id: auth.user.id },
    data: { totpPendingKey: sealTotp(ctx, auth.user.id, secret) },
  });
  const uri = generateURI({ issuer: 'Waymark', label: auth.user.email, secret });
  return { secret, uri };
}

/** Set-up attempts of one user: 10 per 15 minutes. */
async function limitAttempts(ctx: AppContext, auth: AuthContext) {
  const limit = await ctx.limiter.hit(`totp:setup:${auth.user.id}`, 10, 15 * 60_000);
  if (!limit.allowed) throw new HttpError(429, messages.tooManyAttempts);
}

/** Turning a second factor on or off is done by whoever knows the account's password, not by a stolen token. */
async function checkCurrentPassword(auth: AuthContext, currentPassword: string) {
  if (!(await verifyPassword(currentPassword, auth.user.passwordHash))) {
    throw forbidden('The current password is not correct');
  }
}

interface TotpChange {
  code: string;
  currentPassword: string;
}

/** The first valid code of the pending secret, with the current password, enables it. */
export async function enableTotp(
  ctx: AppContext,
  auth: AuthContext,
  { code, currentPassword }: TotpChange,
  ip: string,
): Promise<void> {
  await limitAttempts(ctx, auth);
  await checkCurrentPassword(auth, currentPassword);
  const pending = auth.user.totpPendingKey && openTotp(ctx, auth.user.id, auth.user.totpPendingKey);
  if (!pending || !(await verifyTotp(pending, code))) throw new HttpError(400, messages.invalidCode);
  await ctx.db.user.update({
    where: { id: auth.user.id },
    data: { totpKey: sealTotp(ctx, auth.user.id, pending), totpPendingKey: null },
  });
  await audit(ctx, { action: 'totp.enabled', userId: auth.user.id, tenantId: auth.user.tenantId, ip });
}

/** A valid code of the current secret, with the current password, turns TOTP off. */
export async function disableTotp(
  ctx: AppContext,
  auth: AuthContext,
  { code, currentPassword }: TotpChange,
  ip: string,
): Promise<void> {
  await limitAttempts(ctx, auth);
  await checkCurrentPassword(auth, currentPassword);
  const current = auth.user.totpKey && openTotp(ctx, auth.user.id, auth.user.totpKey);
  if (!current || !(await verifyTotp(current, code))) {
    throw new HttpError(400, messages.invalidCode);
  }
  await ctx.db.user.update({ where: { id: auth.user.id }, data: { totpKey: null, totpPendingKey: null } });
  await audit(ctx, { action: 'totp.disabled', userId: auth.user.id, tenantId: auth.user.tenantId, ip });
}
