import { z } from 'zod';
import { idSchema, isoTimeSchema, repeatedSchema, timeSchema, timeZoneSchema } from './common';
import { positionSchema } from './device';
import { EVENT_REPORT_MAX_DAYS, eventSchema } from './event';

/**
 * The reports. Units follow Traccar: speeds in knots, distances in metres, durations and engine hours in
 * milliseconds, fuel in litres, times ISO-8601 UTC. Field names are Traccar's so that its clients read them; what
 * Traccar does not count (idle time, refuels, fuel thefts) comes as extra fields beside them.
 */
export const REPORT_TYPES = ['route', 'events', 'trips', 'stops', 'summary', 'chart', 'combined', 'geofences'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** The download formats every report renders to (on the server, once). */
export const REPORT_FORMATS = ['xlsx', 'pdf', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const REPORT_MIME: Record<ReportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  csv: 'text/csv',
};

/** The most devices one report covers (named, or through groups). */
export const REPORT_MAX_DEVICES = 5000;

/**
 * The longest period per report type, in days. Trips, stops and summaries read kept aggregates, so a year costs
 * little; the route and the chart return raw positions, bounded by the row limit rather than by days.
 */
export const REPORT_MAX_DAYS: Record<ReportType, number> = {
  route: 31,
  events: EVENT_REPORT_MAX_DAYS,
  trips: 366,
  stops: 366,
  summary: 366,
  chart: 31,
  combined: 7,
  geofences: 366,
};
/** The most rows a JSON report answers (an `X-Truncated: true` header says more matched); exports stream all. */
export const REPORT_MAX_ROWS = 100_000;

/**
 * The common query of GET /api/reports/*: repeated deviceId / groupId, from and to in ISO-8601; `timezone` names
 * the reader's zone for the days of a daily summary and the times of a download (else the user's attribute).
 */
export const reportQuerySchema = z.object({
  from: timeSchema.describe('ISO-8601 start, inclusive'),
  to: timeSchema.describe('ISO-8601 end, inclusive'),
  deviceId: repeatedSchema(idSchema, REPORT_MAX_DEVICES),
  groupId: repeatedSchema(idSchema, 1000).describe('devices of these groups and their subgroups'),
  timezone: timeZoneSchema.optional().describe('IANA time zone of days and of downloaded times'),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

const flag = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true')
  .optional();

/**
 * GET /api/reports/summary: `daily=true` splits each device's row per day, days of `timezone` (else the user's
 * `timezone` attribute, else the server's, else UTC).
 */
export const summaryQuerySchema = reportQuerySchema.extend({
  daily: flag.describe('one row per device and day'),
});
export type SummaryQuery = z.infer<typeof summaryQuerySchema>;

/** GET /api/reports/geofences: optionally only some geofences. */
export const geofenceReportQuerySchema = reportQuerySchema.extend({
  geofenceId: repeatedSchema(idSchema, 1000),
});
export type GeofenceReportQuery = z.infer<typeof geofenceReportQuerySchema>;

/** GET /api/reports/trips: `groupTrips=true` adds the group's multi-device trips (vehicles travelling together). */
export const tripsQuerySchema = reportQuerySchema.extend({
  groupTrips: flag.describe('also trips that several devices of a group made together'),
});

const ms = () => z.number().describe('milliseconds');
const knots = () => z.number().describe('knots');
const metres = () => z.number().describe('metres');
const litres = () => z.number().describe('litres');

/** A rise of the fuel level above the device's increase threshold. */
export const refuelSchema = z.object({
  time: isoTimeSchema,
  latitude: z.number(),
  longitude: z.number(),
  litres: litres(),
  positionId: z.number().int(),
});
export type Refuel = z.infer<typeof refuelSchema>;

/** A drop of the fuel level above the device's drop threshold while parked: fuel that may have been stolen. */
export const fuelTheftSchema = refuelSchema.describe('litres that left the tank while parked, engine off');

export const reportTripSchema = z.object({
  deviceId: z.number().int(),
  deviceName: z.string(),
  startPositionId: z.number().int(),
  endPositionId: z.number().int(),
  startTime: isoTimeSchema,
  endTime: isoTimeSchema,
  startLat: z.number(),
  startLon: z.number(),
  endLat: z.number(),
  endLon: z.number(),
  startAddress: z.string().nullable(),
  endAddress: z.string().nullable(),
  startPoi: z.string().nullable().describe('name of the nearest POI within 500 m of the start'),
  endPoi: z.string().nullable().describe('name of the nearest POI within 500 m of the end'),
  startOdometer: metres(),
  endOdometer: metres(),
  distance: metres(),
  duration: ms(),
  maxSpeed: knots(),
  averageSpeed: knots().describe('knots: distance over duration'),
  spentFuel: litres().describe('litres consumed (refuels and thefts not counted)'),
  refuelled: litres(),
  idleTime: ms().describe('engine on, not moving'),
  engineHours: ms(),
  driverUniqueId: z.string().nullable(),
  driverName: z.string().nullable(),
  refuels: z.array(refuelSchema),
  /** the devices of a group trip; absent on a single device's trip */
  deviceIds: z.array(z.number().int()).optional(),
});
export type ReportTrip = z.infer<typeof reportTripSchema>;

export const reportStopSchema = z.object({
  deviceId: z.number().int(),
  deviceName: z.string(),
  positionId: z.number().int(),
  startTime: isoTimeSchema,
  endTime: isoTimeSchema,
  latitude: z.number(),
  longitude: z.number(),
  address: z.string().nullable(),
  poi: z.string().nullable().describe('name of the nearest POI within 500 m'),
  duration: ms(),
  startOdometer: metres(),
  endOdometer: metres(),
  spentFuel: litres(),
  refuelled: litres(),
  idleTime: ms(),
  engineHours: ms(),
  refuels: z.array(refuelSchema),
  thefts: z.array(fuelTheftSchema),
});
export type ReportStop = z.infer<typeof reportStopSchema>;

export const reportSummarySchema = z.object({
  deviceId: z.number().int(),
  deviceName: z.string(),
  startTime: isoTimeSchema.nullable(),
  endTime: isoTimeSchema.nullable(),
  startOdometer: metres(),
  endOdometer: metres(),
  distance: metres(),
  maxSpeed: knots(),
  averageSpeed: knots().describe('knots: the mean of the positions’ speeds'),
  spentFuel: litres().describe('litres consumed (refuels and thefts not counted)'),
  refuelled: litres(),
  fuelThefts: litres(),
  engineHours: ms(),
  idleTime: ms(),
  movingTime: ms(),
  positions: z.number().int().describe('positions counted'),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;

export const reportGeofenceSchema = z.object({
  deviceId: z.number().int(),
  deviceName: z.string(),
  geofenceId: z.number().int(),
  geofenceName: z.string(),
  startTime: isoTimeSchema,
  endTime: isoTimeSchema.nullable().describe('null: still inside at the end of the period'),
  duration: ms(),
});
export type ReportGeofence = z.infer<typeof reportGeofenceSchema>;

export const combinedReportItemSchema = z.object({
  deviceId: z.number().int(),
  route: z.array(z.tuple([z.number(), z.number()])).describe('[longitude, latitude] pairs, simplified'),
  events: z.array(eventSchema),
  positions: z.array(positionSchema).describe('the positions of the events'),
});
export type CombinedReportItem = z.infer<typeof combinedReportItemSchema>;

/** GET /api/statistics: one row per day of the period. */
export const statisticsSchema = z.object({
  captureTime: isoTimeSchema,
  activeUsers: z.number().int(),
  activeDevices: z.number().int(),
  requests: z.number().int(),
  messagesReceived: z.number().int(),
  messagesStored: z.number().int(),
  mailSent: z.number().int(),
  smsSent: z.number().int(),
  geocoderRequests: z.number().int(),
  geolocationRequests: z.number().int(),
});
export type Statistics = z.infer<typeof statisticsSchema>;

/** GET /api/reports/chart/{format}: the route's positions with the series (position fields or attributes). */
export const chartQuerySchema = reportQuerySchema.extend({
  key: repeatedSchema(z.string().min(1).max(64), 20).describe(
    'series: speed, altitude, course, accuracy or an attribute',
  ),
});

export const statisticsQuerySchema = z.object({
  from: timeSchema,
  to: timeSchema,
});
