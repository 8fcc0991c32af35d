import type { Bus } from '@waymark/bus/bus';
import type { Db, Event as EventRow, QueuedCommand } from '@waymark/db/client';
import type { Logger } from 'pino';
import { commandMessage } from '../modules/commands/commands.presenter';

/**
 * A device (re)connected: its queued commands go out in order; the ones past their expiry are dropped
 * (EXPIRED) rather than fired late.
 */
export async function flushQueued(
  db: Db,
  bus: Bus,
  uniqueId: string,
  log: Logger,
  now = new Date(),
  onEvents: (rows: EventRow[]) => void = () => {},
): Promise<number> {
  // one query in the common case (nothing queued): this runs for every device report of the ingest's status beat
  const waiting = await db.queuedCommand.findMany({
    where: { device: { uniqueId }, status: 'QUEUED' },
    orderBy: { id: 'asc' },
    include: { device: { select: { id: true, tenantId: true } } },
  });
  const device = waiting[0]?.device;
  if (!device) return 0;
  const expired = waiting.filter((row) => row.expiresAt && row.expiresAt <= now);
  if (expired.length > 0) {
    await db.queuedCommand.updateMany({
      where: { id: { in: expired.map((row) => row.id) }, status: 'QUEUED' },
      data: { status: 'EXPIRED' },
    });
  }
  const queued = waiting.filter((row) => !(row.expiresAt && row.expiresAt <= now));
  const sent: QueuedCommand[] = [];
  for (const row of queued) {
    // claim it first so two API nodes never send the same command
    const claimed = await db.queuedCommand.updateMany({
      where: { id: row.id, status: 'QUEUED' },
      data: { status: 'SENT', sentAt: now },
    });
    if (claimed.count === 1) {
      await bus.sendCommand(commandMessage(row, uniqueId));
      log.info({ commandId: String(row.id), uniqueId, type: row.type }, 'queued command sent');
      sent.push(row);
    }
  }
  if (sent.length > 0) {
    // queuedCommandSent: one event per command that went out now
    onEvents(
      await db.event.createManyAndReturn({
        data: sent.map((row) => ({
          tenantId: device.tenantId,
          deviceId: device.id,
          type: 'queuedCommandSent',
          eventTime: now,
          attributes: { commandId: Number(row.id), command: row.type },
        })),
      }),
    );
  }
  return queued.length;
}

/**
 * A stored position carrying `result` is the device's answer to a command: it becomes a commandResult event,
 * linked to the oldest command sent to the device and not yet answered, which becomes DELIVERED (both in one
 * transaction). The stored events go to `onEvents` (dispatchEvents) after it commits.
 */
export async function recordCommandResults(
  db: Db,
  onEvents: (rows: EventRow[]) => void,
  results: { deviceId: number; tenantId: number | null; positionId: bigint; time: Date; result: string }[],
): Promise<void> {
  for (const r of results) {
    const event = await db.$transaction(async (tx) => {
      const answered = await tx.queuedCommand.findFirst({
        where: { deviceId: r.deviceId, status: 'SENT' },
        orderBy: { id: 'asc' },
      });
      if (answered) {
        await tx.queuedCommand.update({
          where: { id: answered.id },
          data: { status: 'DELIVERED', result: r.result.slice(0, 4000), deliveredAt: r.time },
        });
      }
      return tx.event.create({
        data: {
          tenantId: r.tenantId,
          deviceId: r.deviceId,
          type: 'commandResult',
          eventTime: r.time,
          positionId: r.positionId,
          attributes: { result: r.result, ...(answered ? { commandId: Number(answered.id) } : {}) },
        },
      });
    });
    onEvents([event]);
  }
}
