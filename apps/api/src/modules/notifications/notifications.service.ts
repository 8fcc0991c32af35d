import type { NotificationInput } from '@waymark/contracts/notification';
import type { Prisma } from '@waymark/db/client';
import { forbidden } from '../../http-error';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext } from '../session/auth-context';
import type { ListQuery } from '../shared/list-query';
import { listConditions } from '../shared/list-query';

/** A rule input as Prisma data; the saved command and calendar must be the caller's to see. */
export async function notificationData(auth: AuthContext, input: NotificationInput) {
  if (input.commandId) {
    found(await auth.db.command.findUnique({ where: { id: input.commandId } }), 'Unknown saved command');
  }
  if (input.calendarId) {
    found(await auth.db.calendar.findUnique({ where: { id: input.calendarId } }), 'Unknown calendar');
  }
  return {
    type: input.type,
    description: input.description ?? null,
    always: input.always,
    channels: input.notificators,
    // a saved command only matters to the command channel
    commandId: input.notificators.includes('command') ? (input.commandId ?? null) : null,
    calendarId: input.calendarId ?? null,
    attributes: input.attributes as Prisma.InputJsonValue,
  };
}

/** The tenant a new rule belongs to: the caller's, or (platform staff, parent tenants) one they name. */
export function ruleTenant(auth: AuthContext, requested: number | null | undefined): number | null {
  const tenantId = requested === undefined ? (auth.scope.platform ? null : auth.user.tenantId) : requested;
  if (!auth.scope.platform && (tenantId === null || !auth.scope.tenantIds.includes(tenantId))) throw forbidden();
  return tenantId;
}

/** The list parameters for rules: linked to a user (UserLink), a group, a device; keyword on description/type. */
export async function notificationFilter(auth: AuthContext, q: ListQuery): Promise<Prisma.NotificationWhereInput> {
  let linkedToUser: number[] = [];
  if (q.userId !== undefined) {
    const links = await auth.db.userLink.findMany({
      where: { userId: q.userId, kind: 'notification' },
      select: { objectId: true },
    });
    linkedToUser = links.map((l) => l.objectId);
  }
  const where = await listConditions<Prisma.NotificationWhereInput>(auth, q, {
    user: () => ({ id: { in: linkedToUser } }),
    group: (groupId) => ({ groups: { some: { groupId } } }),
    device: (deviceId) => ({ OR: [{ always: true }, { devices: { some: { deviceId } } }] }),
    keyword: (keyword) => ({
      OR: [
        { description: { contains: keyword, mode: 'insensitive' } },
        { type: { contains: keyword, mode: 'insensitive' } },
      ],
    }),
  });
  return { AND: where };
}
