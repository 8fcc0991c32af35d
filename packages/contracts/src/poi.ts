import { z } from 'zod';
import { real, text } from './common';

/** The fixed categories of points of interest; the web app gives each its icon. */
export const POI_CATEGORIES = ['fuel', 'depot', 'customer', 'parking', 'service', 'restaurant', 'other'] as const;
export type PoiCategory = (typeof POI_CATEGORIES)[number];

/** Stops and trips name the nearest POI within this distance (metres) of where they start or end. */
export const POI_NEAR_METRES = 500;

/** A point of interest (/api/v2/pois). */
export const poiSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.enum(POI_CATEGORIES),
  latitude: z.number(),
  longitude: z.number(),
  tenantId: z.number().int().nullable(),
});
export type PoiDto = z.infer<typeof poiSchema>;

export const poiInputSchema = z.object({
  name: text().trim().min(1).max(128),
  description: text().max(512).nullish(),
  category: z.enum(POI_CATEGORIES).default('other'),
  latitude: real().min(-90).max(90),
  longitude: real().min(-180).max(180),
  tenantId: z.number().int().positive().nullish().describe('platform staff only'),
});
export type PoiInput = z.infer<typeof poiInputSchema>;
export const poiUpdateSchema = poiInputSchema
  .omit({ category: true })
  .partial()
  .extend({
    category: z.enum(POI_CATEGORIES).optional(),
  });
export type PoiUpdate = z.infer<typeof poiUpdateSchema>;
