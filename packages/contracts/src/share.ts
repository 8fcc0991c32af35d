import { z } from 'zod';
import { idSchema, isoTimeSchema, timeSchema } from './common';
import { deviceSchema, positionSchema } from './device';

/** The longest a share link may live. */
export const SHARE_MAX_MS = 366 * 24 * 3600 * 1000;

/** POST /api/share/device, as a form or JSON (Traccar's web app posts a form). */
export const shareInputSchema = z.object({
  deviceId: idSchema,
  expiration: timeSchema.describe('ISO-8601 time in the future, at most a year ahead'),
});
export type ShareInput = z.infer<typeof shareInputSchema>;

/** POST /api/share/group, as a form or JSON: every device of the group (and its subgroups), now and later. */
export const shareGroupInputSchema = z.object({
  groupId: idSchema,
  expiration: timeSchema.describe('ISO-8601 time in the future, at most a year ahead'),
});
export type ShareGroupInput = z.infer<typeof shareGroupInputSchema>;

export const shareLinkSchema = z.object({
  id: z.uuid(),
  deviceId: z.number().int().nullable().describe('the device shared; null for a group'),
  groupId: z.number().int().nullable().describe('the group shared; null for one device'),
  url: z.string().describe('the page an anonymous viewer opens'),
  expiresAt: isoTimeSchema,
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

/**
 * What an anonymous viewer of a share link sees of the device: what the map needs, nothing of the account's
 * records (identifier, phone, VIN, contacts, installation address, tenant and user ids stay private).
 */
export const publicDeviceSchema = deviceSchema.pick({
  id: true,
  name: true,
  status: true,
  lastUpdate: true,
  positionId: true,
  category: true,
  model: true,
});
export type PublicDevice = z.infer<typeof publicDeviceSchema>;

/** The public fields of a device (the share page and its socket). */
export const publicDevice = (d: PublicDevice): PublicDevice => ({
  id: d.id,
  name: d.name,
  status: d.status,
  lastUpdate: d.lastUpdate,
  positionId: d.positionId,
  category: d.category,
  model: d.model,
});

/**
 * GET /api/share/:id (public): the shared devices (the one device, or every device of the group and its
 * subgroups) and their latest positions.
 */
export const sharedDeviceSchema = z.object({
  groupId: z.number().int().nullable().describe('the group shared; null for one device'),
  devices: z.array(publicDeviceSchema),
  positions: z.array(positionSchema).describe('the latest position of each device that has one'),
  expiresAt: isoTimeSchema,
});
export type SharedDevice = z.infer<typeof sharedDeviceSchema>;
