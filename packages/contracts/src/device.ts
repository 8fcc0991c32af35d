import { z } from 'zod';
import {
  attributesSchema,
  isoTimeSchema,
  listQuerySchema,
  numeric,
  queryInt4,
  real,
  refOrNoneSchema,
  refSchema,
  repeatedSchema,
  text,
  timeSchema,
} from './common';
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
  deviceId: queryInt4().optional(),
  id: repeatedSchema(queryInt4()),
  from: timeSchema.optional().describe('ISO-8601 start of the history, inclusive'),
  to: timeSchema.optional().describe('ISO-8601 end of the history, inclusive'),
});

/**
 * GET /api/positions/kml, /gpx and /csv (Traccar's track exports): one device's positions of a period, in fix time
 * order; `geofenceId` (CSV only, as Traccar) keeps the positions inside that geofence.
 */
export const positionExportQuerySchema = z.object({
  deviceId: queryInt4(),
  from: timeSchema.describe('ISO-8601 start, inclusive'),
  to: timeSchema.describe('ISO-8601 end, inclusive'),
  geofenceId: queryInt4().optional(),
});
export type PositionExportQuery = z.infer<typeof positionExportQuerySchema>;

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

const metres = numeric(real().min(0)).describe('metres');
const threshold = numeric(real().min(0));

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

const detail = (max: number) => text().trim().max(max).nullish();
const time = timeSchema.describe('ISO-8601 UTC').nullish();

export const deviceInputSchema = z.object({
  name: text().trim().min(1).max(128),
  uniqueId: text()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[\w.:-]+$/, 'letters, digits and . _ : - only'),
  groupId: refOrNoneSchema.nullish(),
  tenantId: refOrNoneSchema.nullish(),
  phone: text().max(64).nullish(),
  model: text().max(128).nullish(),
  contact: text().max(256).nullish(),
  category: deviceCategorySchema.nullish(),
  disabled: z.boolean().optional(),
  expirationTime: time,
  vendorId: refOrNoneSchema.nullish(),
  calendarId: refOrNoneSchema.nullish(),
  plateNumber: detail(32),
  vin: detail(32),
  engineNumber: detail(64),
  color: detail(32),
  brand: detail(64),
  vehicleModel: detail(64),
  installedBy: detail(128),
  installedAt: time,
  installationCompany: detail(128),
  installationPosition: detail(128),
  installationAddress: detail(256),
  installationImage: detail(512),
  fuelTankShape: detail(32),
  fuelTankLength: metres.nullish(),
  fuelTankWidth: metres.nullish(),
  fuelTankHeight: metres.nullish(),
  fuelTankDiameter: metres.nullish(),
  fuelTankVolume: numeric(real().min(0)).describe('litres').nullish(),
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
  permitNumber: detail(64),
  permitCoverage: detail(256),
  attributes: attributesSchema.optional(),
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
    deviceId: refSchema.optional(),
    totalDistance: numeric(real().min(0).max(1e12)).optional().describe('odometer, metres'),
    hours: numeric(real().min(0).max(1e15)).optional().describe('engine hours, milliseconds'),
  })
  .refine((v) => v.totalDistance !== undefined || v.hours !== undefined, 'totalDistance or hours is required');
export type DeviceAccumulators = z.infer<typeof deviceAccumulatorsSchema>;

/** Image types POST /api/devices/:id/image accepts, and its size limit. */
export const DEVICE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const DEVICE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export type DeviceImageType = (typeof DEVICE_IMAGE_TYPES)[number];

/** GET /api/devices: Traccar's list parameters, plus repeated `id` and `uniqueId` to ask for given devices. */
export const deviceListQuerySchema = listQuerySchema.extend({
  id: repeatedSchema(queryInt4()),
  uniqueId: repeatedSchema(text().max(64)),
});
