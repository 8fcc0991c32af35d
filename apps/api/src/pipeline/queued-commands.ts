import type { Bus } from '@waymark/bus/bus';
import type { Db, Event as EventRow, QueuedCommand } from '@waymark/db/client';
import type pg from 'pg';
import type { Logger } from 'pino';
import { FORWARD_EVENT_IDS } from '../forwarding/enqueue';
import { commandMessage } from '../modules/commands/commands.presenter';
import type { PendingEvent } from './event-engine/types';
import type { WorkingPosition } from './types';

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
    // stored with their pending-dispatch marks, so their notifications survive a crash before dispatch
    const events = await db.$transaction(async (tx) => {
      const rows = await tx.event.createManyAndReturn({
        data: sent.map((row) => ({
          tenantId: device.tenantId,
          deviceId: device.id,
          type: 'queuedCommandSent',
          eventTime: now,
          attributes: { commandId: Number(row.id), command: row.type },
        })),
      });
      await tx.pendingDispatch.createMany({ data: rows.map((e) => ({ eventId: e.id })) });
      await tx.$executeRawUnsafe(
        FORWARD_EVENT_IDS,
        rows.map((e) => e.id),
        rows.map((e) => e.tenantId),
      );
      return rows;
    });
    onEvents(events);
  }
  return queued.length;
}

/**
 * A position carrying `result` is the device's answer to a command: it answers the oldest command sent to the
 * device and not yet answered, which becomes DELIVERED, and becomes a commandResult event. Runs inside the
 * positions' transaction (only for such positions), so the answer, its event and the event's pending dispatch
 * are stored together or not at all. Returns the events to store with the batch's.
 */
export async function answerCommands(
  client: pg.PoolClient,
  positions: readonly (WorkingPosition & { id: bigint })[],
): Promise<PendingEvent[]> {
  const events: PendingEvent[] = [];
  for (const p of positions) {
    const result = p.attributes.result;
    if (typeof result !== 'string') continue;
    const { rows } = await client.query(
      `UPDATE queued_commands SET status = 'DELIVERED', result = $2, "deliveredAt" = ($3::timestamptz AT TIME ZONE 'UTC')
        WHERE id = (SELECT id FROM queued_commands WHERE "deviceId" = $1 AND status = 'SENT'
                     ORDER BY id LIMIT 1 FOR UPDATE)
        RETURNING id`,
      [p.deviceId, result.slice(0, 4000), p.fixTime.toISOString()],
    );
    const answered = rows[0]?.id as string | undefined;
    events.push({
      type: 'commandResult',
      deviceId: p.deviceId,
      tenantId: p.tenantId,
      eventTime: p.fixTime,
      position: p,
      attributes: { result, ...(answered === undefined ? {} : { commandId: Number(answered) }) },
    });
  }
  return events;
}
