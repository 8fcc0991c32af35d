import { messages } from '@waymark/contracts/errors';
import { registrationSchema } from '@waymark/contracts/user';
import type { Db } from '@waymark/db/client';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { forbidden, HttpError, tooManyRequests } from '../../http-error';
import type { UserWithRole } from '../../plugins/app/auth-context';
import { hashPassword } from '../../security/password';
import { audit } from '../audit/audit.service';
import { SYSTEM_ROLES } from '../roles/system-roles.service';
import { insertUser } from './users.service';

/**
 * Self-registration (when the server allows it): the new user gets a tenant of their own, with its root
 * group, and owns it as its tenant administrator.
 */
export async function register(
  ctx: AppContext,
  input: Omit<z.infer<typeof registrationSchema>, 'password'> & { password: string | null },
  ip: string,
  options: { viaOidc?: boolean } = {},
): Promise<UserWithRole> {
  if (!options.viaOidc) {
    const server = await ctx.db.server.findUnique({ where: { id: 1 } });
    if (!server?.registration) throw forbidden(messages.registrationDisabled);
  }
  // OpenID accounts have no password: they sign in through their identity provider (or reset one).
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const user = await createTenantWithOwner(ctx.db, {
    tenantName: input.name,
    tenantEmail: input.email.toLowerCase(),
    // with a password, nothing says the registering person reads this address (OpenID's is verified)
    user: { name: input.name, email: input.email, passwordHash, emailUnconfirmed: passwordHash !== null },
  });
  await audit(ctx, { action: 'user.registered', userId: user.id, tenantId: user.tenantId, ip });
  return user;
}

/**
 * Registrations per client address: 10 an hour. An address already in use answers 409 (emails are unique across
 * the platform: they name the account at sign-in), so registration tells whether an address has an account; the
 * limit, counted before the address is looked up, keeps that to a trickle (and self-made tenants with it).
 */
export const REGISTRATION_LIMIT = { limit: 10, windowMs: 60 * 60_000 };

/** Self-registration from a POST /api/users body: it must be a registration (name, email, password), or a 400. */
export async function registerFromBody(ctx: AppContext, body: unknown, ip: string): Promise<UserWithRole> {
  const parsed = registrationSchema.safeParse(body);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({ path: ['body', ...i.path].join('.'), message: i.message }));
    throw new HttpError(400, messages.invalidParameters, { details });
  }
  const limit = await ctx.limiter.hit(`register:ip:${ip}`, REGISTRATION_LIMIT.limit, REGISTRATION_LIMIT.windowMs);
  if (!limit.allowed) throw tooManyRequests(limit.retryAfterMs);
  return register(ctx, parsed.data, ip);
}

/**
 * A new tenant with its root group, owned by a new user who is its tenant administrator (the platform-wide
 * system role), all in one transaction: how a self-registered, OpenID or demo customer starts.
 */
export async function createTenantWithOwner(
  db: Db,
  input: {
    tenantName: string;
    tenantEmail: string;
    user: { name: string; email: string; passwordHash: string | null; emailUnconfirmed?: boolean };
  },
): Promise<UserWithRole> {
  const role = await db.role.findFirst({ where: { tenantId: null, name: SYSTEM_ROLES.tenantAdmin.name } });
  return db.$transaction(async (tx) => {
    const tenant = await tx.tenant.create({ data: { name: input.tenantName, email: input.tenantEmail } });
    const attributes = { isTenant: true, tenantName: input.tenantName, isActive: true };
    const group = await tx.group.create({ data: { tenantId: tenant.id, name: input.tenantName, attributes } });
    const created = await insertUser(tx as never, {
      ...input.user,
      tenantId: tenant.id,
      roleId: role?.id ?? null,
      deviceLimit: -1,
      userLimit: 10,
    });
    await tx.tenant.update({ where: { id: tenant.id }, data: { userId: created.id, tenantGroupId: group.id } });
    await tx.group.update({
      where: { id: group.id },
      data: { userId: created.id, attributes: { ...attributes, userId: created.id } },
    });
    return created;
  });
}
