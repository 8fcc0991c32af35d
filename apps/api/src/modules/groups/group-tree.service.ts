import { messages } from '@waymark/contracts/errors';
import { GROUP_ID_MAX_LENGTH } from '@waymark/contracts/group';
import type { Db } from '@waymark/db/client';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../http-error';
import { found } from '../../plugins/app/access-scope';

const tooLong = (v: unknown) => typeof v === 'string' && v.trim().length > GROUP_ID_MAX_LENGTH;

/**
 * A group id sent as text longer than 10 characters is refused with 'Invalid group ID' — in the path (`:id`) or
 * in a body's groupId / parentGroupId. Runs before schema validation, so this message wins over the schema's.
 */
export async function refuseLongGroupIds(req: FastifyRequest): Promise<void> {
  const params = req.params as Record<string, unknown> | undefined;
  const body = req.body as Record<string, unknown> | undefined;
  const body0 = body && typeof body === 'object' ? body : {};
  if (tooLong(params?.id) || tooLong(body0.groupId) || tooLong(body0.parentGroupId)) {
    throw badRequest(messages.invalidGroupId);
  }
}

/**
 * Checks that `parentId` can be the parent of group `selfId` (null while creating): it exists for the caller
 * (404 otherwise), belongs to the same tenant, and is neither the group itself nor one of its descendants.
 */
export async function checkParent(
  db: Db,
  selfId: number | null,
  parentId: number,
  tenantId: number | null,
): Promise<void> {
  const cycle = () => badRequest('A group cannot be placed inside itself or one of its subgroups');
  if (parentId === selfId) throw cycle();
  const parent = found(await db.group.findUnique({ where: { id: parentId } }), 'Group not found');
  if (parent.tenantId !== tenantId) throw badRequest('The parent group belongs to another tenant');
  if (selfId === null) return;
  const seen = new Set<number>([parent.id]);
  let next = parent.parentGroupId;
  while (next !== null) {
    if (next === selfId) throw cycle();
    if (seen.has(next)) break;
    seen.add(next);
    const row = await db.group.findUnique({ where: { id: next }, select: { parentGroupId: true } });
    next = row?.parentGroupId ?? null;
  }
}
