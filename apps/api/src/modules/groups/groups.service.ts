import type { ListQuery } from '@waymark/contracts/common';
import type { GroupInput } from '@waymark/contracts/group';
import type { Group, Prisma } from '@waymark/db/client';
import type { AppContext } from '../../context';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext } from '../../plugins/app/auth-context';
import { audit } from '../audit/audit.service';
import { linkedResource, newRowTenant } from '../shared/linked-resources';
import { checkNotReadonly } from '../shared/readonly';
import { checkParent } from './group-tree.service';

/** Groups are linked to users by their owner and UserGroup rows, not UserLink: no creator link. */
const groups = linkedResource({
  kind: null,
  model: (db: Prisma.TransactionClient) => db.group,
  notFound: 'Group not found',
  audit: { action: 'group', objectType: 'group' },
  orderBy: [{ id: 'asc' }],
  links: {
    user: (userId) => ({ OR: [{ userId }, { userGroups: { some: { userId } } }] }),
    group: (groupId) => ({ parentGroupId: groupId }),
    device: (deviceId) => ({ devices: { some: { id: deviceId } } }),
    keyword: (keyword) => ({ name: { contains: keyword, mode: 'insensitive' } }),
  },
});

/** The parent named by a body: parentGroupId, else Traccar's groupId; undefined when neither was sent. */
const parentOf = (input: Partial<GroupInput>) =>
  input.parentGroupId !== undefined ? input.parentGroupId : input.groupId;

/** An owner named by a body must be a user the caller sees. */
async function checkUser(auth: AuthContext, userId: number | null | undefined) {
  if (userId) found(await auth.db.user.findUnique({ where: { id: userId }, select: { id: true } }), 'User not found');
}

export const listGroups = (auth: AuthContext, q: ListQuery) => groups.list(auth, q);
export const getGroup = groups.get;

/** A new group: its parent is a visible group of the same tenant, its owner a visible user. */
export async function createGroup(ctx: AppContext, auth: AuthContext, input: GroupInput): Promise<Group> {
  const tenantId = newRowTenant(auth, input.tenantId);
  const parent = parentOf(input) ?? null;
  if (parent !== null) await checkParent(auth.db, null, parent, tenantId);
  await checkUser(auth, input.userId);
  return groups.create(ctx, auth, {
    name: input.name,
    tenantId,
    parentGroupId: parent,
    userId: input.userId ?? null,
    active: input.active ?? true,
    attributes: (input.attributes ?? {}) as Prisma.InputJsonValue,
  });
}

/** Changes the fields sent; a new parent must not put the group inside itself or one of its subgroups. */
export async function updateGroup(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  input: Partial<GroupInput>,
): Promise<Group> {
  const current = await groups.get(auth, id);
  const parent = parentOf(input);
  if (parent !== undefined && parent !== null) await checkParent(auth.db, current.id, parent, current.tenantId);
  await checkUser(auth, input.userId);
  const data: Prisma.GroupUncheckedUpdateInput = {};
  if (input.name !== undefined) data.name = input.name;
  if (parent !== undefined) data.parentGroupId = parent;
  if (input.userId !== undefined) data.userId = input.userId;
  if (input.active !== undefined) data.active = input.active;
  if (input.attributes !== undefined) data.attributes = input.attributes as Prisma.InputJsonValue;
  return groups.update(ctx, auth, current.id, data);
}

/** Deletes a group: its devices stay (ungrouped) and its subgroups move up to its parent. */
export async function deleteGroup(ctx: AppContext, auth: AuthContext, id: number): Promise<void> {
  await checkNotReadonly(ctx, auth);
  const row = await groups.get(auth, id);
  await auth.db.$transaction(async (tx) => {
    await tx.device.updateMany({ where: { groupId: row.id }, data: { groupId: null } });
    await tx.group.updateMany({ where: { parentGroupId: row.id }, data: { parentGroupId: row.parentGroupId } });
    await tx.group.delete({ where: { id: row.id } });
  });
  await audit(ctx, {
    action: 'group.deleted',
    userId: auth.user.id,
    tenantId: row.tenantId,
    objectType: 'group',
    objectId: row.id,
  });
}
