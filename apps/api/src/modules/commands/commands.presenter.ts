import type { CommandMessage } from '@waymark/contracts/bus';
import type { SentCommand } from '@waymark/contracts/command';
import type { QueuedCommand } from '@waymark/db/client';

/** A queued or sent command as POST /api/commands/send answers it, with the outcome in `message`. */
export function presentCommand(row: QueuedCommand, message: string): SentCommand {
  return {
    message,
    id: Number(row.id),
    deviceId: row.deviceId,
    type: row.type,
    attributes: (row.attributes ?? {}) as Record<string, string | number | boolean>,
    status: row.status,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

/** A command row as the bus carries it to the ingest node holding the device's session. */
export function commandMessage(row: QueuedCommand, uniqueId: string): CommandMessage {
  return {
    id: String(row.id),
    uniqueId,
    type: row.type,
    attributes: (row.attributes ?? {}) as Record<string, string | number | boolean>,
    createdAt: row.createdAt.toISOString(),
  };
}
