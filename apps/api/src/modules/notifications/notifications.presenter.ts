import type { Notification } from '@waymark/contracts/notification';
import type { Notification as NotificationRow } from '@waymark/db/client';

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    description: row.description,
    always: row.always,
    notificators: row.channels.join(','),
    commandId: row.commandId ?? 0,
    calendarId: row.calendarId ?? 0,
    tenantId: row.tenantId,
    attributes: (row.attributes ?? {}) as Record<string, unknown>,
  };
}
