import type { Page, PageQuery } from '@waymark/contracts/common';
import { messages } from '@waymark/contracts/errors';
import { hasAnyPermission } from '@waymark/contracts/permissions';
import type { UserInput } from '@waymark/contracts/user';
import type { UserStatus } from '@waymark/contracts/user-admin';
import type { Db, Prisma } from '@waymark/db/client';
import type { AppContext } from '../../context';
import { conflict, forbidden, HttpError, tooManyRequests } from '../../http-error';
import { found, tenantTree } from '../../plugins/app/access-scope';
import type { AuthContext, UserWithRole } from '../../plugins/app/auth-context';
import { cappedPermissions } from '../../plugins/app/auth-context';
import { hashPassword, verifyPassword } from '../../security/password';
import { audit } from '../audit/audit.service';
import { mailPasswordLink } from '../password/password-links.service';
import { checkPreferences } from '../server/preferences';
import { revokeCredentials } from '../session/session.service';
import { checkNotReadonly } from '../shared/readonly';
import { pageArgs, pageOf } from '../shared/v2';
import { flagsUnderPlan } from '../subscriptions/plan-permissions';

const MANAGE = ['ADMIN_ACCOUNT', 'VIEW_USERS'] as const;

export function canManageUsers(auth: AuthContext): boolean {
  return hasAnyPermission(auth.permissions, [...MANAGE]);
}

/** Fields only a user manager may set, and never on their own account. */
const PRIVILEGED: (keyof UserInput)[] = [
  'administrator',
  'tenantId',
  'roleId',
  'readonly',
  'deviceReadonly',
  'limitCommands',
  'disableReports',
  'fixedEmail',
  'disabled',
  'active',
  'temporary',
  'expirationTime',
  'deviceLimit',
  'userLimit',
];

/** Sortable fields of a page of users (the first is the default order). */
const SORTABLE = ['id', 'name', 'email', 'createdAt', 'lastLoginAt'] as const;
/** The most users one unpaged list returns. */
const LIST_MAX = 5000;

export interface UserFilter {
  userId?: number;
  tenantId?: number;
  roleId?: number;
  /** name or email contains it, any case */
  search?: string;
  /** active: may sign in; disabled: disabled or deactivated; expired: past its expiration time */
  status?: UserStatus;
}

function statusWhere(status: UserStatus | undefined): Prisma.UserWhereInput {
  const now = new Date();
  switch (status) {
    case 'active':
      return { disabled: false, active: true, OR: [{ expirationTime: null }, { expirationTime: { gt: now } }] };
    case 'disabled':
      return { OR: [{ disabled: true }, { active: false }] };
    case 'expired':
      return { expirationTime: { lte: now } };
    default:
      return {};
  }
}

function userWhere(filter: UserFilter): Prisma.UserWhereInput {
  return {
    AND: [statusWhere(filter.status)],
    ...(filter.userId ? { id: filter.userId } : {}),
    ...(filter.tenantId ? { tenantId: filter.tenantId } : {}),
    ...(filter.roleId ? { roleId: filter.roleId } : {}),
    ...(filter.search
      ? {
          OR: [
            { name: { contains: filter.search, mode: 'insensitive' } },
            { email: { contains: filter.search, mode: 'insensitive' } },
          ],
        }
      : {}),
  };
}

/** The visible users matching the filter, by id, at most LIST_MAX. */
export async function listUsers(auth: AuthContext, filter: UserFilter): Promise<UserWithRole[]> {
  return auth.db.user.findMany({
    where: userWhere(filter),
    include: { role: true },
    orderBy: { id: 'asc' },
    take: LIST_MAX,
  });
}

/** One page of the visible users matching the filter. */
export async function pageUsers(
  auth: AuthContext,
  q: PageQuery & UserFilter,
): Promise<Page<UserWithRole & { tenant: { id: number; name: string } | null }>> {
  const where = userWhere(q);
  const [total, users] = await Promise.all([
    auth.db.user.count({ where }),
    auth.db.user.findMany({
      where,
      include: { role: true, tenant: { select: { id: true, name: true } } },
      ...pageArgs(q, SORTABLE),
    }),
  ]);
  return pageOf(q, users, total);
}

export async function getUser(auth: AuthContext, id: number): Promise<UserWithRole> {
  return found(await auth.db.user.findUnique({ where: { id }, include: { role: true } }));
}

/** A user's details: one's own account, or any visible user with VIEW_USER_DETAILS, VIEW_USERS or ADMIN_ACCOUNT. */
export async function readUser(auth: AuthContext, id: number): Promise<UserWithRole> {
  if (
    id !== auth.user.id &&
    !hasAnyPermission(auth.permissions, ['VIEW_USER_DETAILS', 'VIEW_USERS', 'ADMIN_ACCOUNT'])
  ) {
    throw forbidden();
  }
  return getUser(auth, id);
}

/**
 * Checks the role a manager hands out: visible to them, granting nothing they lack, and either platform-wide or
 * a role of the user's tenant or of a tenant above it (a reseller's role serves its sub-tenants).
 */
async function checkRole(
  ctx: AppContext,
  auth: AuthContext,
  roleId: number | null | undefined,
  tenantId: number | null,
) {
  if (roleId == null) return;
  const role = await auth.db.role.findUnique({ where: { id: roleId } });
  if (!role) throw new HttpError(400, 'Unknown role');
  if (role.tenantId !== null && (tenantId === null || !(await tenantTree(ctx.db, role.tenantId)).includes(tenantId))) {
    throw new HttpError(400, "The role belongs to another tenant than the user's");
  }
  // counted as the user will hold them: flags the user's plan leaves out grant nothing
  const granted = await flagsUnderPlan(ctx.db, tenantId, role.permissions);
  const missing = auth.user.administrator ? [] : granted.filter((p) => !auth.permissions.includes(p as never));
  if (missing.length > 0) {
    throw forbidden(`You cannot assign a role granting permissions you do not hold: ${missing.join(', ')}`);
  }
}

/**
 * Another user is the caller's to change, disable or delete only when the caller manages users and the target
 * holds no permission the caller lacks (administrators excepted, and only administrators touch administrators).
 * Both sides count what their plans leave them: a smaller plan takes the same flags from manager and managed.
 */
export async function checkManageable(auth: AuthContext, target: UserWithRole) {
  if (!canManageUsers(auth)) throw forbidden();
  if (auth.user.administrator) return;
  if (target.administrator) throw forbidden();
  const held = new Set(auth.permissions);
  if ((await cappedPermissions(auth.db, target)).some((p) => !held.has(p))) {
    throw forbidden('This user holds permissions you do not hold');
  }
}

async function checkUserLimit(auth: AuthContext) {
  const limit = auth.user.userLimit;
  if (auth.user.administrator || auth.scope.platform || limit === -1) return;
  const count = await auth.db.user.count({ where: { id: { not: auth.user.id } } });
  if (count >= limit) throw forbidden('User limit reached');
}

function data(input: Partial<UserInput>) {
  const { password: _p, attributes, expirationTime, email, ...rest } = input;
  return {
    ...rest,
    ...(email !== undefined ? { email: email.trim().toLowerCase() } : {}),
    ...(attributes !== undefined ? { attributes: attributes as Prisma.InputJsonValue } : {}),
    ...(expirationTime !== undefined ? { expirationTime: expirationTime ? new Date(expirationTime) : null } : {}),
  };
}

export async function createUser(ctx: AppContext, auth: AuthContext, input: UserInput): Promise<UserWithRole> {
  await checkNotReadonly(ctx, auth);
  if (!canManageUsers(auth)) throw forbidden();
  if (input.administrator && !auth.user.administrator) throw forbidden();
  const tenantId = input.tenantId === undefined ? (auth.scope.platform ? null : auth.user.tenantId) : input.tenantId;
  if (!auth.scope.platform && (tenantId === null || !auth.scope.tenantIds.includes(tenantId))) throw forbidden();
  await checkRole(ctx, auth, input.roleId, tenantId);
  await checkUserLimit(auth);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const user = await insertUser(auth.db, {
    ...data(input),
    name: input.name,
    email: input.email,
    tenantId,
    passwordHash,
  });
  await audit(ctx, {
    action: 'user.created',
    userId: auth.user.id,
    tenantId: user.tenantId,
    objectType: 'user',
    objectId: user.id,
  });
  if (!passwordHash) await sendInvite(ctx, user);
  return user;
}

export async function insertUser(db: Db, row: Prisma.UserUncheckedCreateInput): Promise<UserWithRole> {
  const email = row.email.trim().toLowerCase();
  if (await db.user.findFirst({ where: { email }, select: { id: true } })) throw conflict(messages.emailTaken);
  try {
    return await db.user.create({ data: { ...row, email }, include: { role: true } });
  } catch (err) {
    if ((err as { code?: string }).code === 'P2002') throw conflict(messages.emailTaken);
    throw err;
  }
}

/** A change of one's own password, email or second factor: the current password is asked again. */
async function checkCurrentPassword(
  ctx: AppContext,
  current: UserWithRole,
  input: Partial<UserInput>,
  currentPassword: string | undefined,
) {
  const sensitive =
    Boolean(input.password) ||
    (input.email !== undefined && input.email.trim().toLowerCase() !== current.email) ||
    (input.emailOtp === false && current.emailOtp);
  if (!sensitive) return;
  if (!currentPassword) throw new HttpError(400, 'Enter your current password to change it');
  const limit = await ctx.limiter.hit(`reauth:${current.id}`, 10, 15 * 60_000);
  if (!limit.allowed) throw tooManyRequests(limit.retryAfterMs);
  if (!(await verifyPassword(currentPassword, current.passwordHash))) {
    throw forbidden('The current password is not correct');
  }
}

export async function updateUser(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  { currentPassword, ...input }: Partial<UserInput> & { currentPassword?: string },
): Promise<UserWithRole> {
  const self = id === auth.user.id;
  // a read-only user still edits their own account (password, preferences); nobody else's
  if (!self) await checkNotReadonly(ctx, auth);
  const current = await getUser(auth, id);
  if (self) await checkCurrentPassword(ctx, current, input, currentPassword);
  if (!self) await checkManageable(auth, current);
  // a password or email is changed by its owner only: a manager mails a password link instead
  if (!self && (input.password || (input.email !== undefined && input.email.trim().toLowerCase() !== current.email))) {
    throw forbidden('Only the user can change their password or email; send a password link');
  }
  const privileged = PRIVILEGED.filter(
    (k) => input[k] !== undefined && input[k] !== (current as Record<string, unknown>)[k],
  );
  if (privileged.length > 0 && (self ? !auth.user.administrator : !canManageUsers(auth))) throw forbidden();
  if (self && input.administrator === false && auth.user.administrator)
    throw forbidden('You cannot remove your own administrator flag');
  if (input.administrator !== undefined && input.administrator !== current.administrator && !auth.user.administrator)
    throw forbidden();
  if (
    input.email !== undefined &&
    input.email.toLowerCase() !== current.email &&
    current.fixedEmail &&
    !canManageUsers(auth)
  ) {
    throw forbidden('The email address of this account cannot be changed');
  }
  // a new role is checked against the user's tenant after the change (moving a user keeps its role as it was)
  if (input.roleId !== undefined && input.roleId !== current.roleId) {
    await checkRole(ctx, auth, input.roleId, input.tenantId === undefined ? current.tenantId : input.tenantId);
  }
  const next = data(input);
  if (next.email && next.email !== current.email) {
    const taken = await ctx.db.user.findFirst({ where: { email: next.email, id: { not: id } }, select: { id: true } });
    if (taken) throw conflict(messages.emailTaken);
  }
  const user = await auth.db.user.update({
    where: { id },
    data: { ...next, ...(input.password ? { passwordHash: await hashPassword(input.password) } : {}) },
    include: { role: true },
  });
  const accessChanged =
    user.roleId !== current.roleId ||
    user.tenantId !== current.tenantId ||
    user.administrator !== current.administrator;
  if (input.disabled || input.active === false) await revokeCredentials(ctx, id, 'Account disabled');
  else if (input.password) await revokeCredentials(ctx, id, 'Password changed', auth.sessionId);
  else if (accessChanged) {
    // other flags or tenants: the user's live sockets were opened with the old ones and reconnect with the new
    await ctx.live.disconnect({ userIds: [id], reason: 'Your access changed' });
  }
  await audit(ctx, {
    action: 'user.updated',
    userId: auth.user.id,
    tenantId: user.tenantId,
    objectType: 'user',
    objectId: id,
    details: { fields: Object.keys(input).filter((k) => k !== 'password') },
  });
  return user;
}

/**
 * A user update as Traccar's clients send it: the preference attributes are checked, and since these clients send
 * the whole user back, an unchanged expiration time of one's own account is not a change of privileges.
 */
export function traccarUserUpdate<T extends Partial<UserInput>>(auth: AuthContext, id: number, body: T): T {
  const input = { ...body };
  if (input.attributes !== undefined) input.attributes = checkPreferences(input.attributes);
  if (input.expirationTime !== undefined && id === auth.user.id) {
    const current = auth.user.expirationTime?.getTime() ?? null;
    const sent = input.expirationTime === null ? null : new Date(input.expirationTime).getTime();
    if (current === sent) delete input.expirationTime;
  }
  return input;
}

export async function deleteUser(ctx: AppContext, auth: AuthContext, id: number): Promise<void> {
  if (!canManageUsers(auth)) throw forbidden();
  if (id === auth.user.id) throw forbidden('You cannot delete your own account');
  await checkNotReadonly(ctx, auth);
  const user = await getUser(auth, id);
  await checkManageable(auth, user);
  // its sessions and API tokens go with the row; its websockets are closed
  await auth.db.user.delete({ where: { id } });
  await ctx.live.disconnect({ userIds: [id], reason: 'Account deleted' });
  await audit(ctx, {
    action: 'user.deleted',
    userId: auth.user.id,
    tenantId: user.tenantId,
    objectType: 'user',
    objectId: id,
  });
}

/**
 * Mails a user the caller manages a link to choose a password: a reset link, or a new invitation when the
 * account has no password yet.
 */
export async function sendPasswordLink(ctx: AppContext, auth: AuthContext, id: number): Promise<void> {
  if (id !== auth.user.id) await checkNotReadonly(ctx, auth);
  const user = await getUser(auth, id);
  if (id !== auth.user.id) await checkManageable(auth, user);
  await mailPasswordLink(ctx, user, user.passwordHash ? 'PASSWORD_RESET' : 'PASSWORD_CREATE');
  await audit(ctx, {
    action: 'password.link_sent',
    userId: auth.user.id,
    tenantId: user.tenantId,
    objectType: 'user',
    objectId: id,
  });
}

/** Mails an invited user (created without a password) the link to /password/create/{token}. */
export function sendInvite(ctx: AppContext, user: { id: number; email: string; name: string }) {
  return mailPasswordLink(ctx, user, 'PASSWORD_CREATE');
}
