import { z } from 'zod';
import { networkSchema } from './position';

const isoTime = z.string().describe('ISO-8601 UTC');

/** A stored position as /api/positions and the websocket give it (Traccar's shape and units). */
export const positionSchema = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  protocol: z.string().nullable(),
  serverTime: isoTime,
  deviceTime: isoTime,
  fixTime: isoTime,
  outdated: z.boolean(),
  valid: z.boolean(),
  latitude: z.number(),
  longitude: z.number(),
  altitude: z.number().describe('metres'),
  speed: z.number().describe('knots'),
  course: z.number().describe('degrees'),
  address: z.string().nullable(),
  accuracy: z.number().describe('metres'),
  network: networkSchema.nullable(),
  geofenceIds: z.array(z.number().int()),
  attributes: z.record(z.string(), z.unknown()),
});
export type Position = z.infer<typeof positionSchema>;

export const deviceStatusSchema = z.enum(['online', 'offline', 'unknown']);

/** A device as /api/devices and the websocket give it (Traccar's fields plus tenancy). */
export const deviceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  uniqueId: z.string(),
  status: deviceStatusSchema,
  disabled: z.boolean(),
  lastUpdate: isoTime.nullable(),
  positionId: z.number().int().nullable(),
  groupId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  tenantId: z.number().int().nullable(),
  phone: z.string().nullable(),
  model: z.string().nullable(),
  contact: z.string().nullable(),
  category: z.string().nullable(),
  expirationTime: isoTime.nullable(),
  attributes: z.record(z.string(), z.unknown()),
});
export type Device = z.infer<typeof deviceSchema>;

export const deviceInputSchema = z.object({
  name: z.string().trim().min(1).max(128),
  uniqueId: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[\w.:-]+$/, 'letters, digits and . _ : - only'),
  groupId: z.number().int().nullish(),
  tenantId: z.number().int().nullish(),
  phone: z.string().max(64).nullish(),
  model: z.string().max(128).nullish(),
  contact: z.string().max(256).nullish(),
  category: z.string().max(64).nullish(),
  disabled: z.boolean().optional(),
  expirationTime: isoTime.nullish(),
  attributes: z.record(z.string(), z.unknown()).optional(),
});
export type DeviceInput = z.infer<typeof deviceInputSchema>;
