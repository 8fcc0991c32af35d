import type { ListQuery } from '@waymark/contracts/common';
import { notFound } from '../../http-error';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext } from '../../plugins/app/auth-context';

/** How a resource's rows link to a user, a group and a device, and what its keyword searches. */
export interface ListLinks<W> {
  user?: (userId: number) => W;
  group?: (groupId: number) => W;
  device?: (deviceId: number) => W;
  keyword?: (keyword: string) => W;
}

/**
 * The conditions of a list query (Traccar's list parameters, `listQuerySchema` in contracts; AND them with the
 * resource's own). The user, group and device named must be visible to the caller (a foreign id is a 404, like a
 * missing one); a parameter the resource has no link for is refused rather than ignored.
 */
export async function listConditions<W>(auth: AuthContext, q: ListQuery, links: ListLinks<W>): Promise<W[]> {
  const where: W[] = [];
  const need = <K extends keyof ListLinks<W>>(key: K, name: string) => {
    const link = links[key];
    if (!link) throw notFound(`This list cannot be filtered by ${name}`);
    return link as NonNullable<ListLinks<W>[K]>;
  };
  if (q.userId !== undefined) {
    const link = need('user', 'userId');
    if (q.userId !== auth.user.id) {
      found(await auth.db.user.findUnique({ where: { id: q.userId }, select: { id: true } }), 'User not found');
    }
    where.push(link(q.userId));
  }
  if (q.groupId !== undefined) {
    const link = need('group', 'groupId');
    found(await auth.db.group.findUnique({ where: { id: q.groupId }, select: { id: true } }), 'Group not found');
    where.push(link(q.groupId));
  }
  if (q.deviceId !== undefined) {
    const link = need('device', 'deviceId');
    found(await auth.db.device.findUnique({ where: { id: q.deviceId }, select: { id: true } }), 'Device not found');
    where.push(link(q.deviceId));
  }
  if (q.keyword) where.push(need('keyword', 'keyword')(q.keyword));
  return where;
}

/** Prisma paging of a list query (`limit` defaults to every row, bounded). */
export function listPage(q: ListQuery): { take: number; skip?: number } {
  return { take: q.limit ?? 10_000, ...(q.offset ? { skip: q.offset } : {}) };
}
