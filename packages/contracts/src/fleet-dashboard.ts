import { z } from 'zod';
import { isoTimeSchema } from './common';

/** How many devices the fleet dashboard ranks by distance. */
export const FLEET_TOP_DEVICES = 10;

/** The fleet's devices by what they do now. */
export const fleetNowSchema = z.object({
  moving: z.number().int().describe('online and in motion'),
  idle: z.number().int().describe('online, engine on (ignition), not moving'),
  parked: z.number().int().describe('online, engine off, not moving'),
  offline: z.number().int().describe('not online (offline or unknown status)'),
});
export type FleetNow = z.infer<typeof fleetNowSchema>;

/** The fleet's figures from a local midnight (today) or the local Monday (this week) until now. */
export const fleetPeriodSchema = z.object({
  from: isoTimeSchema,
  distance: z.number().describe('metres'),
  spentFuel: z.number().describe('litres consumed (refuels and possible thefts apart)'),
  overspeeds: z.number().int().describe('deviceOverspeed events'),
});
export type FleetPeriod = z.infer<typeof fleetPeriodSchema>;

export const fleetTopDeviceSchema = z.object({
  deviceId: z.number().int(),
  name: z.string(),
  distance: z.number().describe('metres this week'),
});
export type FleetTopDevice = z.infer<typeof fleetTopDeviceSchema>;

/** GET /api/v2/reports/fleet: the statistics page's dashboard over the caller's devices. */
export const fleetDashboardSchema = z.object({
  /** the time zone the days and the week are counted in (the user's `timezone`, the server's, UTC) */
  timeZone: z.string(),
  devices: z.number().int(),
  now: fleetNowSchema,
  today: fleetPeriodSchema,
  week: fleetPeriodSchema,
  topDevices: z.array(fleetTopDeviceSchema).max(FLEET_TOP_DEVICES),
});
export type FleetDashboard = z.infer<typeof fleetDashboardSchema>;
