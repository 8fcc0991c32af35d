import { z } from 'zod';

/** ISO-8601 time in UTC with a trailing Z, e.g. 2025-06-15T13:45:12.862Z. */
export const utcTimeSchema = z.iso.datetime().describe('ISO-8601 time in UTC');

/**
 * The largest cell id: a 5G NR cell identity has 36 bits (3GPP TS 38.300); GSM/UMTS ids (16/28 bits) and LTE's
 * E-UTRAN cell identity (28 bits) fit below it.
 */
export const MAX_CELL_ID = 2 ** 36 - 1;

/** One cell tower a device saw (Traccar's CellTower). */
export const cellTowerSchema = z.object({
  radioType: z.enum(['gsm', 'cdma', 'wcdma', 'lte', 'nbiot', 'nr']).optional(),
  mobileCountryCode: z.number().int().min(0).max(999),
  mobileNetworkCode: z.number().int().min(0).max(999),
  locationAreaCode: z.number().int().min(0).max(65535),
  cellId: z.number().int().min(0).max(MAX_CELL_ID),
  signalStrength: z.number().optional().describe('dBm'),
});
export type CellTower = z.infer<typeof cellTowerSchema>;

/** One Wi-Fi access point a device saw (Traccar's WifiAccessPoint). */
export const wifiAccessPointSchema = z.object({
  macAddress: z.string().regex(/^[0-9a-fA-F]{2}(:[0-9a-fA-F]{2}){5}$/, 'MAC address aa:bb:cc:dd:ee:ff'),
  signalStrength: z.number().optional().describe('dBm'),
  channel: z.number().int().optional(),
});
export type WifiAccessPoint = z.infer<typeof wifiAccessPointSchema>;

/** Cell towers and Wi-Fi access points of one position (Traccar's Network), input to geolocation. */
export const networkSchema = z.object({
  radioType: z.string().describe("Traccar's default is gsm"),
  considerIp: z.boolean(),
  cellTowers: z.array(cellTowerSchema).optional(),
  wifiAccessPoints: z.array(wifiAccessPointSchema).optional(),
});
export type Network = z.infer<typeof networkSchema>;

/** Attribute values are scalars; keys are Traccar's names or numbered vendor keys (attributes.ts: the closed set). */
export const attributeValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const positionAttributesSchema = z.record(z.string(), attributeValueSchema);
export type PositionAttributes = z.infer<typeof positionAttributesSchema>;

/**
 * What a tracker reported in one position, in Traccar's units. Shared by the bus message (ingest -> api)
 * and whatever the API derives from it.
 */
export const positionFixSchema = z.object({
  deviceTime: utcTimeSchema.nullable().describe('time the device stamped on the message; null when it sent none'),
  fixTime: utcTimeSchema.nullable().describe('time of the GNSS fix; null when the message carried no location'),
  outdated: z
    .boolean()
    .describe('true when the message carried no location of its own (status/alarm): reuse the last known location'),
  valid: z.boolean().describe('the device reported a valid GNSS fix'),
  latitude: z.number().min(-90).max(90).describe('degrees, WGS-84'),
  longitude: z.number().min(-180).max(180).describe('degrees, WGS-84'),
  altitude: z.number().describe('metres'),
  speed: z.number().min(0).describe('knots'),
  course: z.number().min(0).max(360).describe('degrees clockwise from north'),
  accuracy: z.number().min(0).describe('metres; 0 when unknown'),
  network: networkSchema.nullable(),
  attributes: positionAttributesSchema,
});
export type PositionFix = z.infer<typeof positionFixSchema>;

/** The fields of a decoded fix, in the schema's order (what a decoder fills and a printout lists). */
export const POSITION_FIX_KEYS = positionFixSchema.keyof().options;

/** A fix as a decoder starts it: no times, no location of its own yet, no network, no attributes. */
export function emptyPositionFix(): PositionFix {
  return {
    deviceTime: null,
    fixTime: null,
    outdated: false,
    valid: false,
    latitude: 0,
    longitude: 0,
    altitude: 0,
    speed: 0,
    course: 0,
    accuracy: 0,
    network: null,
    attributes: {},
  };
}
