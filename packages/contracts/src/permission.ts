import { z } from 'zod';
import { refSchema } from './common';

/** The keys of a Traccar permission link; a link names exactly two of them. */
export const LINK_KEYS = [
  'userId',
  'deviceId',
  'groupId',
  'geofenceId',
  'notificationId',
  'calendarId',
  'driverId',
  'commandId',
  'maintenanceId',
  'attributeId',
  'managedUserId',
] as const;
export type LinkKey = (typeof LINK_KEYS)[number];

const id = refSchema;

/**
 * A link between two objects (Traccar's Permission): user–device, user–group, user–anything, device–X and
 * group–X for X among geofence, notification, driver, maintenance, command, attribute (computed attribute).
 */
export const permissionLinkSchema = z
  .strictObject(
    Object.fromEntries(LINK_KEYS.map((k) => [k, id.optional()])) as Record<LinkKey, z.ZodOptional<typeof id>>,
  )
  .refine((v) => Object.values(v).filter((x) => x !== undefined).length === 2, {
    message: `a link names exactly two of ${LINK_KEYS.join(', ')}`,
  });
export type PermissionLink = z.infer<typeof permissionLinkSchema>;

export const permissionLinksSchema = z.array(permissionLinkSchema).min(1).max(1000);
