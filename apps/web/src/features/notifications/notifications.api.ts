import { groupSchema } from '@waymark/contracts/group';
import { type NotificationInput, notificationSchema, typeListSchema } from '@waymark/contracts/notification';
import { notificatorListSchema } from '@waymark/contracts/notificator';
import type { PermissionLink } from '@waymark/contracts/permission';
import { savedCommandSchema } from '@waymark/contracts/saved-command';
import { z } from 'zod';
import { http } from '../../api/http';

/** The request body as sent: Traccar's comma-separated notificators. */
export type NotificationBody = Omit<NotificationInput, 'notificators' | 'always' | 'attributes'> & {
  always: boolean;
  notificators: string;
  attributes: Record<string, unknown>;
};

const ruleList = z.array(notificationSchema);

/** GET /api/notifications, optionally the rules linked to one device or group (and the `always` ones). */
export function fetchNotifications(filter: { deviceId?: number; groupId?: number } = {}) {
  const params = new URLSearchParams();
  if (filter.deviceId) params.set('deviceId', String(filter.deviceId));
  if (filter.groupId) params.set('groupId', String(filter.groupId));
  const query = params.size ? `?${params}` : '';
  return http(`/api/notifications${query}`, { schema: ruleList });
}

export function fetchNotificationTypes() {
  return http('/api/notifications/types', { schema: typeListSchema });
}

export function fetchNotificators() {
  return http('/api/notifications/notificators', { schema: notificatorListSchema });
}

export function createNotification(body: NotificationBody) {
  return http('/api/notifications', { method: 'POST', body, schema: notificationSchema });
}

export function updateNotification(id: number, body: NotificationBody) {
  return http(`/api/notifications/${id}`, { method: 'PUT', body: { id, ...body }, schema: notificationSchema });
}

export async function deleteNotification(id: number): Promise<void> {
  await http(`/api/notifications/${id}`, { method: 'DELETE' });
}

/** POST /api/notifications/test: a test notification to the signed-in user on every channel they can receive. */
export async function sendTestNotification(): Promise<void> {
  await http('/api/notifications/test', { method: 'POST' });
}

export function fetchSavedCommands() {
  return http('/api/commands', { schema: z.array(savedCommandSchema) });
}

export function fetchGroups() {
  return http('/api/groups', { schema: z.array(groupSchema) });
}

export async function setLink(link: PermissionLink, linked: boolean): Promise<void> {
  await http('/api/permissions', { method: linked ? 'POST' : 'DELETE', body: link });
}
