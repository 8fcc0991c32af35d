import { z } from 'zod';
import { idSchema, repeatedSchema, timeSchema, timeZoneSchema } from './common';

/** Traccar's event types, plus temperature drop/increase (threshold crossings) and leaving/rejoining a planned route. */
export const EVENT_TYPES = [
  'commandResult',
  'deviceOnline',
  'deviceUnknown',
  'deviceOffline',
  'deviceInactive',
  'queuedCommandSent',
  'deviceMoving',
  'deviceStopped',
  'deviceOverspeed',
  'deviceFuelDrop',
  'deviceFuelIncrease',
  'geofenceEnter',
  'geofenceExit',
  'alarm',
  'ignitionOn',
  'ignitionOff',
  'maintenance',
  'driverChanged',
  'media',
  'temperatureDrop',
  'temperatureIncrease',
  'routeExit',
  'routeEnter',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const eventTypeSchema = z.enum(EVENT_TYPES);

/** An event as /api/events and the websocket give it (Traccar's shape). */
export const eventSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  eventTime: z.string(),
  deviceId: z.number().int(),
  positionId: z.number().int().describe('0: none (Traccar)'),
  geofenceId: z.number().int().describe('0: none (Traccar)'),
  maintenanceId: z.number().int().describe('0: none (Traccar)'),
  attributes: z.record(z.string(), z.unknown()),
});
export type Event = z.infer<typeof eventSchema>;

/** The `alarm` attribute's values (Traccar's names): a notification of type alarm may filter on them. */
export const ALARM_TYPES = [
  'general',
  'sos',
  'vibration',
  'movement',
  'lowspeed',
  'overspeed',
  'fallDown',
  'lowPower',
  'lowBattery',
  'fault',
  'powerOff',
  'powerOn',
  'door',
  'lock',
  'unlock',
  'geofence',
  'geofenceEnter',
  'geofenceExit',
  'gpsAntennaCut',
  'accident',
  'tow',
  'idle',
  'highRpm',
  'hardAcceleration',
  'hardBraking',
  'hardCornering',
  'laneChange',
  'fatigueDriving',
  'powerCut',
  'powerRestored',
  'jamming',
  'temperature',
  'parking',
  'bonnet',
  'footBrake',
  'fuelLeak',
  'tampering',
  'removing',
] as const;

/** `type` of GET /api/reports/events: an event type, or `allEvents` (as omitting it). */
export const EVENT_REPORT_ALL = 'allEvents';
/** The longest period one events report covers, and the most events it returns. */
export const EVENT_REPORT_MAX_DAYS = 31;
export const EVENT_REPORT_MAX_ROWS = 10_000;

/** GET /api/reports/events: repeated deviceId / groupId / type, from and to in ISO-8601. */
export const eventReportQuerySchema = z.object({
  from: timeSchema.describe('ISO-8601 start, inclusive'),
  to: timeSchema.describe('ISO-8601 end, inclusive'),
  deviceId: repeatedSchema(idSchema, 1000),
  groupId: repeatedSchema(idSchema, 1000).describe('devices of these groups and their subgroups'),
  type: repeatedSchema(z.union([eventTypeSchema, z.literal(EVENT_REPORT_ALL)]), 1000),
  timezone: timeZoneSchema.optional().describe('IANA time zone of downloaded times'),
});
export type EventReportQuery = z.infer<typeof eventReportQuerySchema>;
