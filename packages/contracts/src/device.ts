import { z } from 'zod';
import { isoTimeSchema, listQuerySchema, repeatedSchema } from './common';
import { positionFixSchema } from './position';

/**
 * A stored position as /api/positions and the websocket give it (Traccar's shape and units): the decoded fix
 * (position.ts) with what the server adds. A stored position always has both times (the pipeline fills the ones
 * the device did not send), and its attributes are whatever the row holds once read back.
 */
export const positionSchema = positionFixSchema.extend({
  id: z.number().int(),
  deviceId: z.number().int(),
  protocol: z.string().nullable().describe("Traccar's protocol name, e.g. osmand, gt06"),
  serverTime: isoTimeSchema,
  deviceTime: isoTimeSchema,
  fixTime: isoTimeSchema,
  address: z.string().nullable(),
  geofenceIds: z.array(z.number().int()).describe('the geofences the position lies in'),
  attributes: z.record(z.string(), z.unknown()),
});
export type Position = z.infer<typeof positionSchema>;
/** The most positions one device's history (GET /api/positions with deviceId, from and to) gives at a time. */
export const POSITION_HISTORY_LIMIT = 10_000;

/**
 * GET /api/positions (Traccar's): no parameter for the latest position of every visible device; `id` (repeatable)
 * for given positions; `deviceId` for one device's latest, with `from` and `to` for its history of that period.
 */
export const positionQuerySchema = z.object({
  deviceId: z.coerce.number().int().optional(),
  id: repeatedSchema(z.coerce.number().int()),
  from: z.iso.datetime({ offset: true }).optional().describe('ISO-8601 start of the history, inclusive'),
  to: z.iso.datetime({ offset: true }).optional().describe('ISO-8601 end of the history, inclusive'),
});

/** The fields of a served position, in the schema's order. */
export const POSITION_KEYS = positionSchema.keyof().options;
export type PositionKey = (typeof POSITION_KEYS)[number];

export const deviceStatusSchema = z.enum(['online', 'offline', 'unknown']);

/** Device category labels (Traccar's `category`, the map icon). */
export const DEVICE_CATEGORIES = [
  'arrow',
  'default',
  'animal',
  'bicycle',
  'boat',
  'bus',
  'car',
  'camper',
  'crane',
  'helicopter',
  'motorcycle',
  'offroad',
  'person',
  'pickup',
  'plane',
  'ship',
  'tractor',
  'train',
  'tram',
  'trolleybus',
  'truck',
  'van',
  'scooter',
] as const;
export const deviceCategorySchema = z.enum(DEVICE_CATEGORIES);

const metres = z.number().min(0).describe('metres');
const threshold = z.number().min(0);

/** Waymark's device detail fields, beside Traccar's at the top level of a device. */
const detailShape = {
  vendorId: z.number().int().nullable(),
  calendarId: z.number().int().nullable(),
  plateNumber: z.string().nullable(),
  vin: z.string().nullable(),
  engineNumber: z.string().nullable(),
  color: z.string().nullable(),
  brand: z.string().nullable(),
  vehicleModel: z.string().nullable(),
  installedBy: z.string().nullable().describe('installation person'),
  installedAt: isoTimeSchema.nullable().describe('installation time'),
  installationCompany: z.string().nullable(),
  installationPosition: z.string().nullable().describe('where in the vehicle the tracker sits'),
  installationAddress: z.string().nullable(),
  installationImage: z.string().nullable().describe('file name or URL of an installation photo'),
  fuelTankShape: z.string().nullable(),
  fuelTankLength: z.number().nullable().describe('metres'),
  fuelTankWidth: z.number().nullable().describe('metres'),
  fuelTankHeight: z.number().nullable().describe('metres'),
  fuelTankDiameter: z.number().nullable().describe('metres'),
  fuelTankVolume: z.number().nullable().describe('litres'),
  fuelDropThreshold: z.number().nullable().describe('in the unit of the fuel attribute (litres or %)'),
  fuelIncreaseThreshold: z.number().nullable().describe('in the unit of the fuel attribute (litres or %)'),
  temperatureDropThreshold: z.number().nullable().describe('degrees Celsius'),
  temperatureIncreaseThreshold: z.number().nullable().describe('degrees Celsius'),
  frontTireChangeDate: isoTimeSchema.nullable(),
  frontTireDistance: z.number().nullable().describe('metres'),
  rearTireChangeDate: isoTimeSchema.nullable(),
  rearTireDistance: z.number().nullable().describe('metres'),
  motIssueDate: isoTimeSchema.nullable(),
  motExpiryDate: isoTimeSchema.nullable(),
  permitNumber: z.string().nullable(),
  permitCoverage: z.string().nullable(),
};

/** A device as /api/devices and the websocket give it (Traccar's fields plus tenancy and the detail fields). */
export const deviceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  uniqueId: z.string(),
  status: deviceStatusSchema,
  disabled: z.boolean(),
  lastUpdate: isoTimeSchema.nullable(),
  positionId: z.number().int().nullable(),
  groupId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  tenantId: z.number().int().nullable(),
  phone: z.string().nullable(),
  model: z.string().nullable(),
  contact: z.string().nullable(),
  category: z.string().nullable(),
  expirationTime: isoTimeSchema.nullable(),
  ...detailShape,
  attributes: z.record(z.string(), z.unknown()),
});
export type Device = z.infer<typeof deviceSchema>;

const text = (max: number) => z.string().trim().max(max).nullish();
const time = z.iso.datetime({ offset: true }).describe('ISO-8601 UTC').nullish();

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
  category: deviceCategorySchema.nullish(),
  disabled: z.boolean().optional(),
  expirationTime: time,
  vendorId: z.number().int().nullish(),
  calendarId: z.number().int().nullish(),
  plateNumber: text(32),
  vin: text(32),
  engineNumber: text(64),
  color: text(32),
  brand: text(64),
  vehicleModel: text(64),
  installedBy: text(128),
  installedAt: time,
  installationCompany: text(128),
  installationPosition: text(128),
  installationAddress: text(256),
  installationImage: text(512),
  fuelTankShape: text(32),
  fuelTankLength: metres.nullish(),
  fuelTankWidth: metres.nullish(),
  fuelTankHeight: metres.nullish(),
  fuelTankDiameter: metres.nullish(),
  fuelTankVolume: z.number().min(0).describe('litres').nullish(),
  fuelDropThreshold: threshold.describe('in the unit of the fuel attribute (litres or %)').nullish(),
  fuelIncreaseThreshold: threshold.describe('in the unit of the fuel attribute (litres or %)').nullish(),
  temperatureDropThreshold: threshold.describe('degrees Celsius').nullish(),
  temperatureIncreaseThreshold: threshold.describe('degrees Celsius').nullish(),
  frontTireChangeDate: time,
  frontTireDistance: metres.nullish(),
  rearTireChangeDate: time,
  rearTireDistance: metres.nullish(),
  motIssueDate: time,
  motExpiryDate: time,
  permitNumber: text(64),
  permitCoverage: text(256),
  attributes: z.record(z.string(), z.unknown()).optional(),
});
export type DeviceInput = z.infer<typeof deviceInputSchema>;

/** The date-time fields of a device input (sent as ISO text, stored as timestamps). */
export const DEVICE_TIME_FIELDS = [
  'expirationTime',
  'installedAt',
  'frontTireChangeDate',
  'rearTireChangeDate',
  'motIssueDate',
  'motExpiryDate',
] as const;

/** PUT /api/devices/:id/accumulators (Traccar's DeviceAccumulators). */
export const deviceAccumulatorsSchema = z
  .object({
    deviceId: z.number().int().positive().optional(),
    totalDistance: z.number().min(0).max(1e12).optional().describe('odometer, metres'),
    hours: z.number().min(0).max(1e15).optional().describe('engine hours, milliseconds'),
  })
  .refine((v) => v.totalDistance !== undefined || v.hours !== undefined, 'totalDistance or hours is required');
export type DeviceAccumulators = z.infer<typeof deviceAccumulatorsSchema>;

/** Image types POST /api/devices/:id/image accepts, and its size limit. */
export const DEVICE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const DEVICE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export type DeviceImageType = (typeof DEVICE_IMAGE_TYPES)[number];

/** GET /api/devices: Traccar's list parameters, plus repeated `id` and `uniqueId` to ask for given devices. */
export const deviceListQuerySchema = listQuerySchema.extend({
  id: repeatedSchema(z.coerce.number().int()),
  uniqueId: repeatedSchema(z.string().max(64)),
});
