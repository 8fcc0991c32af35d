import type { Bus } from '@waymark/bus/bus';
import type { sendCommandSchema } from '@waymark/contracts/command';
import { messages } from '@waymark/contracts/errors';
import type { Db, QueuedCommand } from '@waymark/db/client';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest, forbidden, HttpError } from '../../http-error';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext } from '../../plugins/app/auth-context';
import { audit } from '../audit/audit.service';
import { latestPositionOf } from '../positions/positions.service';
import { groupTree } from '../reports/report-scope';
import { checkNotReadonly } from '../shared/readonly';
import { protocolSupports } from './command-support';
import { commandMessage } from './commands.presenter';

type Attributes = Record<string, string | number | boolean>;

/**
 * Sends a command at once over the device's open connection (SENT), or queues it until the device next
 * connects (QUEUED). Used by POST /api/commands/send and by notifications of the command channel.
 */
export async function sendOrQueue(
  ctx: { db: Db; bus?: Bus },
  device: { id: number; tenantId: number | null; uniqueId: string; status: string },
  command: {
    type: string;
    attributes: Attributes;
    textChannel?: boolean;
    expiresAt?: Date | null;
    createdById?: number | null;
  },
): Promise<{ row: QueuedCommand; online: boolean }> {
  const online = device.status === 'online' && ctx.bus !== undefined;
  const row = await ctx.db.queuedCommand.create({
    data: {
      tenantId: device.tenantId,
      deviceId: device.id,
      type: command.type,
      attributes: command.attributes,
      textChannel: command.textChannel ?? false,
      status: online ? 'SENT' : 'QUEUED',
      sentAt: online ? new Date() : null,
      expiresAt: command.expiresAt ?? null,
      createdById: command.createdById ?? null,
    },
  });
  // every ingest node hears it, the one holding the device's session sends it
  if (online && ctx.bus) await ctx.bus.sendCommand(commandMessage(row, device.uniqueId));
  return { row, online };
}

/**
 * POST /api/commands/send: a saved command (`id`, its parameters overridden by those sent) or an ad-hoc one
 * to a visible, enabled device whose protocol can encode it. Accounts limited to saved commands send no ad-hoc
 * one and send a saved one exactly as saved (the parameters sent are ignored). Read-only accounts and a
 * read-only server send nothing. `online` says whether it went out at once or waits in the queue.
 */
export async function sendCommand(
  ctx: AppContext,
  auth: AuthContext,
  body: z.infer<typeof sendCommandSchema>,
): Promise<{ row: QueuedCommand; online: boolean }> {
  if (auth.user.readonly) throw forbidden();
  await checkNotReadonly(ctx, auth);
  const device = found(await auth.db.device.findUnique({ where: { id: body.deviceId } }), messages.deviceNotFound);
  const limited = auth.user.limitCommands && !auth.user.administrator;
  let type = body.type;
  let attributes = body.attributes;
  let textChannel = body.textChannel;
  if (body.id) {
    const saved = found(await auth.db.command.findUnique({ where: { id: body.id } }), 'Command not found');
    type = saved.type;
    const stored = (saved.attributes ?? {}) as typeof attributes;
    attributes = limited ? stored : { ...stored, ...attributes };
    if (limited) textChannel = saved.textChannel;
  } else if (limited) {
    throw forbidden('Only saved commands may be sent from this account');
  }
  if (!type) throw badRequest();
  if (device.disabled) throw new HttpError(409, 'The device is disabled');
  if (device.positionId !== null) {
    const latest = await ctx.db.position.findFirst({
      where: latestPositionOf({ ...device, positionId: device.positionId }),
      select: { protocol: true },
    });
    if (latest?.protocol && protocolSupports(latest.protocol, type, attributes) === false) {
      throw badRequest(`The device's protocol (${latest.protocol}) has no ${type} command`);
    }
  }
  const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
  if (expiresAt && expiresAt <= new Date()) throw badRequest('expiresAt must be in the future');
  const sent = await sendOrQueue(ctx, device, {
    type,
    attributes,
    textChannel,
    expiresAt,
    createdById: auth.user.id,
  });
  await audit(ctx, {
    action: sent.online ? 'command.sent' : 'command.queued',
    userId: auth.user.id,
    tenantId: device.tenantId,
    objectType: 'device',
    objectId: device.id,
    details: { type },
  });
  return sent;
}

/** One device's outcome of a command sent to a group: its row, or why it was not sent. */
export type GroupSendResult =
  | { deviceId: number; row: QueuedCommand; online: boolean }
  | { deviceId: number; error: string };

/**
 * POST /api/commands/send?groupId=: the command to every device of a visible group and its subgroups, each through
 * sendCommand (same checks, same audit), in id order. A device that cannot take it (disabled, protocol without
 * that type) is reported and the others still get theirs; what refuses the caller outright (read-only account or
 * server, ad-hoc command from a limited account: 403) refuses the whole call.
 */
export async function sendToGroup(
  ctx: AppContext,
  auth: AuthContext,
  groupId: number,
  body: Omit<z.infer<typeof sendCommandSchema>, 'deviceId'>,
): Promise<GroupSendResult[]> {
  const groups = await groupTree(auth, [groupId]);
  const devices = await auth.db.device.findMany({
    where: { groupId: { in: groups } },
    select: { id: true },
    orderBy: { id: 'asc' },
  });
  const results: GroupSendResult[] = [];
  for (const { id } of devices) {
    try {
      results.push({ deviceId: id, ...(await sendCommand(ctx, auth, { ...body, deviceId: id })) });
    } catch (err) {
      if (!(err instanceof HttpError) || err.statusCode === 403) throw err;
      results.push({ deviceId: id, error: err.message });
    }
  }
  return results;
}
