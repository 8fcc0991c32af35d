import { z } from 'zod';
import { INT4_MAX, refSchema } from './common';

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

/** GET /api/permissions: exactly two of the link keys, `0` on one side for "any". */
export const permissionQuerySchema = z.object(
  Object.fromEntries(LINK_KEYS.map((k) => [k, z.coerce.number().int().min(0).max(INT4_MAX).optional()])) as Record<
    LinkKey,
    z.ZodOptional<z.ZodCoercedNumber>
  >,
);

/** The links GET /api/permissions answers, as Permission bodies. */
export const permissionListSchema = z.array(z.record(z.string(), z.number().int()));
