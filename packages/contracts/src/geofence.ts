import { z } from 'zod';
import { checkJson, numeric, real, refOrNoneSchema, refSchema, text } from './common';

/** A geofence without a colour is drawn in this one. */
export const DEFAULT_GEOFENCE_COLOR = '#3bb2d0';
/** Corridor half-width of a LINESTRING geofence when attributes.polylineDistance is absent (metres). */
export const DEFAULT_POLYLINE_DISTANCE = 25;

const colour = text().trim().min(1).max(64).describe('CSS colour, e.g. #3bb2d0');

/** Known geofence attributes, typed; any other key passes through (Traccar's attributes are open). */
export const geofenceAttributesSchema = z
  .object({
    color: colour.optional(),
    lineColor: colour.optional(),
    vertexColor: colour.optional(),
    fillColor: colour.optional(),
    alertOnEntry: z.boolean().optional(),
    alertOnExit: z.boolean().optional(),
    polylineDistance: numeric(real().positive().max(100_000)).optional().describe('corridor width of a line, metres'),
    speedLimit: numeric(real().min(0)).optional().describe('knots'),
  })
  .catchall(z.unknown())
  .superRefine(checkJson);

/** A geofence (Traccar's Geofence): area in WKT with latitude first, or CIRCLE (lat lon, radius metres). */
export const geofenceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  area: z.string().describe('CIRCLE (lat lon, radius) · POLYGON ((lat lon, …)) · LINESTRING (lat lon, …)'),
  calendarId: z.number().int().describe('0: none (Traccar)'),
  tenantId: z.number().int().nullable(),
  attributes: z.record(z.string(), z.unknown()),
});
export type GeofenceDto = z.infer<typeof geofenceSchema>;

export const geofenceInputSchema = z.object({
  name: text().trim().min(1).max(128),
  description: text().max(512).nullish(),
  area: text().trim().min(1).max(200_000).describe('checked by the server: 400 Invalid geofence area'),
  calendarId: refOrNoneSchema.nullish().describe('0 or null: none'),
  tenantId: refSchema.nullish().describe('platform staff only'),
  attributes: geofenceAttributesSchema.optional(),
});
export type GeofenceInput = z.infer<typeof geofenceInputSchema>;
