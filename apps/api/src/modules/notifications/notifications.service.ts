import type { ListQuery } from '@waymark/contracts/common';
import type { NotificationInput } from '@waymark/contracts/notification';
import type { Notification as NotificationRow, Prisma } from '@waymark/db/client';
import type { AppContext } from '../../context';
import { badRequest, forbidden, HttpError } from '../../http-error';
import { signalChange } from '../../lib/changes';
import { configuredChannels } from '../../notifications/channels/registry';
import type { Delivery } from '../../notifications/channels/types';
import { DeliveryError } from '../../notifications/channels/types';
import { webhookUrlProblem } from '../../notifications/channels/webhook-address';
import { mayCommandThroughRules, RULE_COMMAND_REFUSED } from '../../notifications/command-authority';
import { asRecipient, serverAttributes } from '../../notifications/compose';
import { pickLanguage, pickSpeedUnit, renderEvent } from '../../notifications/templates/render';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext } from '../../plugins/app/auth-context';
import { audit } from '../audit/audit.service';
import { checkNotReadonly } from '../devices/devices.service';
import { listConditions, listPage } from '../shared/list-query';

const NOT_FOUND = 'Notification not found';

/**
 * A rule input as Prisma data; the saved command and calendar must be the caller's to see. A rule with the
 * command channel sends commands on its saver's behalf (the caller becomes its author, whose authority is checked
 * again at every send), so only someone who may send commands saves one; a webhook URL must reach a public
 * address (unless the server allows private ones).
 */
export async function notificationData(ctx: AppContext, auth: AuthContext, input: NotificationInput) {
  if (input.notificators.includes('command') && !mayCommandThroughRules(auth.user, auth.permissions)) {
    throw forbidden(RULE_COMMAND_REFUSED);
  }
  const webhookUrl = input.attributes.webhookUrl;
  if (typeof webhookUrl === 'string' && webhookUrl !== '') {
    const problem = await webhookUrlProblem(webhookUrl, ctx.env.WAYMARK_WEBHOOK_ALLOW_PRIVATE);
    if (problem) throw badRequest(problem);
  }
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
    authorId: auth.user.id,
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

export async function listNotifications(auth: AuthContext, q: ListQuery): Promise<NotificationRow[]> {
  return auth.db.notification.findMany({
    where: await notificationFilter(auth, q),
    orderBy: { id: 'asc' },
    ...listPage(q),
  });
}

export async function getNotification(auth: AuthContext, id: number): Promise<NotificationRow> {
  return found(await auth.db.notification.findUnique({ where: { id } }), NOT_FOUND);
}

export async function createNotification(
  ctx: AppContext,
  auth: AuthContext,
  input: NotificationInput,
): Promise<NotificationRow> {
  await checkNotReadonly(ctx, auth);
  const tenantId = ruleTenant(auth, input.tenantId);
  const row = await auth.db.notification.create({ data: { ...(await notificationData(ctx, auth, input)), tenantId } });
  signalChange('notificationRules', row.tenantId);
  await audit(ctx, {
    action: 'notification.created',
    userId: auth.user.id,
    tenantId,
    objectType: 'notification',
    objectId: row.id,
  });
  return row;
}

export async function updateNotification(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  input: NotificationInput,
): Promise<NotificationRow> {
  found(await auth.db.notification.findUnique({ where: { id }, select: { id: true } }), NOT_FOUND);
  await checkNotReadonly(ctx, auth);
  const row = await auth.db.notification.update({ where: { id }, data: await notificationData(ctx, auth, input) });
  signalChange('notificationRules', row.tenantId);
  await audit(ctx, {
    action: 'notification.updated',
    userId: auth.user.id,
    tenantId: row.tenantId,
    objectType: 'notification',
    objectId: row.id,
  });
  return row;
}

/** Deletes a rule with the user links that pointed at it. */
export async function deleteNotification(ctx: AppContext, auth: AuthContext, id: number): Promise<void> {
  const row = await getNotification(auth, id);
  await checkNotReadonly(ctx, auth);
  await auth.db.$transaction([
    auth.db.userLink.deleteMany({ where: { kind: 'notification', objectId: row.id } }),
    auth.db.notification.delete({ where: { id: row.id } }),
  ]);
  signalChange('notificationRules', row.tenantId);
  await audit(ctx, {
    action: 'notification.deleted',
    userId: auth.user.id,
    tenantId: row.tenantId,
    objectType: 'notification',
    objectId: row.id,
  });
}

/** The channels this server offers (web, mail and those whose settings exist). */
export function notificators(ctx: AppContext): { type: string }[] {
  return configuredChannels(ctx.env).map((c) => ({ type: c.type }));
}

/**
 * A test notification to the caller, in their language, on every channel they can receive (web, mail, and the
 * configured channels for which they have an address). A 502 names the channels that failed.
 */
export async function sendTestNotification(
  ctx: AppContext,
  auth: AuthContext,
  log: { error(obj: unknown, msg: string): void },
): Promise<void> {
  const user = asRecipient(auth.user);
  const server = await serverAttributes(ctx);
  const now = new Date();
  const message = renderEvent(pickLanguage(user.attributes, server), pickSpeedUnit(user.attributes, server), {
    type: 'test',
    eventTime: now,
    attributes: {},
    deviceName: '',
  });
  const delivery: Delivery = {
    user,
    message,
    event: {
      id: 0,
      type: 'test',
      eventTime: now.toISOString(),
      deviceId: 0,
      positionId: 0,
      geofenceId: 0,
      maintenanceId: 0,
      attributes: {},
    },
    device: null,
    position: null,
    rule: null,
  };
  const failed: string[] = [];
  for (const channel of configuredChannels(ctx.env).filter((c) => c.reaches(user))) {
    try {
      await channel.send(ctx, delivery);
    } catch (err) {
      failed.push(`${channel.type} (${err instanceof DeliveryError ? err.message : 'internal error'})`);
      if (!(err instanceof DeliveryError)) log.error({ err }, 'test notification failed');
    }
  }
  if (failed.length) throw new HttpError(502, `Test notification failed on ${failed.join(', ')}`);
}
