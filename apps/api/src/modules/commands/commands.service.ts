import type { Bus } from '@waymark/bus/bus';
import type { Db, QueuedCommand } from '@waymark/db/client';
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
