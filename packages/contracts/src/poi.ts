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

/**
 * CSV import of points of interest (/api/v2/pois/import). The first line names the columns, in any order and any
 * case: `name`, `latitude`, `longitude` are required; `category` (one of POI_CATEGORIES, default `other`),
 * `description` and `radius` (metres, default 50) are optional. Icons follow the category, so there is no icon
 * column. Commas or semicolons separate the fields; fields may be quoted; UTF-8, with or without a BOM.
 */
export const POI_IMPORT_COLUMNS = ['name', 'latitude', 'longitude', 'category', 'description', 'radius'] as const;
/** The most rows one import takes, and the largest file (characters). */
export const POI_IMPORT_MAX_ROWS = 2000;
export const POI_IMPORT_MAX_CHARS = 1_000_000;

export const poiImportInputSchema = z.object({
  csv: text()
    .min(1, 'The file is empty')
    .max(POI_IMPORT_MAX_CHARS, 'The file is larger than 1 MB')
    .describe('the CSV file as text (see POI_IMPORT_COLUMNS)'),
});

/** One CSV row as read, with what is wrong with it (empty when it can be imported). */
export const poiImportRowSchema = z.object({
  line: z.number().int().describe('line of the file, the header being line 1'),
  name: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  category: z.string(),
  description: z.string().nullable(),
  radius: z.number().nullable().describe('metres'),
  problems: z.array(z.string()),
});
export type PoiImportRow = z.infer<typeof poiImportRowSchema>;

/** What an import did (or, for the preview, would do): all rows or none. */
export const poiImportReportSchema = z.object({
  rows: z.array(poiImportRowSchema),
  valid: z.number().int(),
  invalid: z.number().int(),
  imported: z.number().int().describe('0 for the preview, and when any row has a problem'),
});
export type PoiImportReport = z.infer<typeof poiImportReportSchema>;
