import { randomBytes } from 'node:crypto';
import type { Permission } from '@waymark/contracts/permissions';
import type { Db, Prisma } from '@waymark/db/client';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../security/password';

export const PASSWORD = 'Correct-horse-9';
let passwordHash: Promise<string> | undefined;

const uid = () => randomBytes(4).toString('hex');

export async function buildTenant(db: Db, data: Partial<Prisma.TenantUncheckedCreateInput> = {}) {
  return db.tenant.create({ data: { name: `Tenant ${uid()}`, ...data } });
}

export async function buildRole(
  db: Db,
  permissions: Permission[],
  data: Partial<Prisma.RoleUncheckedCreateInput> = {},
) {
  return db.role.create({ data: { name: `Role ${uid()}`, permissions, ...data } });
}

/** A user with password PASSWORD; `permissions` makes a role of the user's tenant holding them. */
export async function buildUser(
  db: Db,
  data: Partial<Prisma.UserUncheckedCreateInput> & { permissions?: Permission[] } = {},
) {
  const { permissions, ...rest } = data;
  passwordHash ??= hashPassword(PASSWORD);
  let roleId = rest.roleId;
  if (permissions) roleId = (await buildRole(db, permissions, { tenantId: rest.tenantId ?? null })).id;
  return db.user.create({
    data: {
      name: `User ${uid()}`,
      email: `user-${uid()}@example.test`,
      passwordHash: await passwordHash,
      ...rest,
      roleId,
    },
    include: { role: true },
  });
}

/** Signs in through POST /api/session and returns the Authorization header to use. */
export async function signIn(app: FastifyInstance, email: string, password = PASSWORD) {
  const res = await app.inject({ method: 'POST', url: '/api/session', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return { authorization: `Bearer ${body.accessToken}`, body };
}

/** Signs the user in and returns a caller of the admin dialect's routes (`url` relative to /api/v2). */
export async function v2Caller(app: FastifyInstance, user: { email: string }) {
  const { authorization } = await signIn(app, user.email);
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({ method, url: `/api/v2${url}`, headers: { authorization }, payload: payload as never });
}
