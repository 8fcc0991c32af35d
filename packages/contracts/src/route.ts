import { z } from 'zod';
import { real, refSchema, text } from './common';

/** A route without a colour is drawn in this one. */
export const DEFAULT_ROUTE_COLOR = '#7048e8';
/** Corridor width (metres) of a route created without one. */
export const DEFAULT_ROUTE_WIDTH = 100;

/**
 * A planned route (/api/v2/routes): a polyline in WKT with latitude first, as geofence lines are written, and the
 * width of the corridor around it. A linked device (directly or through its group) more than width / 2 from the
 * line raises routeExit, and routeEnter once it is back.
 */
export const routeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  area: z.string().describe('LINESTRING (lat lon, lat lon, …)'),
  width: z.number().describe('corridor width, metres'),
  color: z.string(),
  deviceIds: z.array(z.number().int()),
  groupIds: z.array(z.number().int()),
  tenantId: z.number().int().nullable(),
});
export type RouteDto = z.infer<typeof routeSchema>;

export const routeInputSchema = z.object({
  name: text().trim().min(1).max(128),
  description: text().max(512).nullish(),
  area: text().trim().min(1).max(200_000).describe('a LINESTRING; checked by the server: 400 Invalid route line'),
  width: real().min(1).max(100_000).default(DEFAULT_ROUTE_WIDTH),
  color: text().trim().min(1).max(64).optional().describe('CSS colour'),
  deviceIds: z.array(refSchema).max(10_000).default([]),
  groupIds: z.array(refSchema).max(10_000).default([]),
  tenantId: refSchema.nullish().describe('platform staff only'),
});
export type RouteInput = z.infer<typeof routeInputSchema>;

/** PUT: the fields sent change; deviceIds and groupIds, when sent, replace the links. */
export const routeUpdateSchema = routeInputSchema
  .omit({ width: true, deviceIds: true, groupIds: true })
  .partial()
  .extend({
    width: real().min(1).max(100_000).optional(),
    deviceIds: z.array(refSchema).max(10_000).optional(),
    groupIds: z.array(refSchema).max(10_000).optional(),
  });
export type RouteUpdate = z.infer<typeof routeUpdateSchema>;
