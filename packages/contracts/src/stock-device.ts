import { z } from 'zod';
import { isoTimeSchema, pageQuerySchema, queryInt4, refSchema, text, timeSchema } from './common';
import { deviceInputSchema, deviceSchema, deviceStatusSchema } from './device';
import { imeiProblem } from './identifiers';

/**
 * The admin area's device stock (`/api/v2/device`): every device of the platform or of the caller's tenants with
 * where it stands in the stock, its model, SIM card, vendor, tenant, group and user.
 */

/** Where a device stands: in the platform's stock, configured (model and SIM) there, handed to a tenant and used
 * by a group or user, handed to a tenant and not yet used, or switched off. */
export const STOCK_STATUSES = ['IN_STOCK', 'READY', 'ASSIGNED', 'UN_ASSIGNED', 'DISABLED'] as const;
export const stockStatusSchema = z.enum(STOCK_STATUSES);
export type StockStatus = z.infer<typeof stockStatusSchema>;

/** The stat tiles and the list's status filter: TOTAL is every device. */
export const STOCK_FILTERS = ['TOTAL', ...STOCK_STATUSES] as const;
export const stockFilterSchema = z.enum(STOCK_FILTERS);
export type StockFilter = z.infer<typeof stockFilterSchema>;

/** Sortable fields of the list (the first is the default). */
export const STOCK_SORTABLE = ['name', 'uniqueId', 'createdAt', 'expirationTime', 'status', 'stockStatus'] as const;

const ref = z.object({ id: z.number().int(), name: z.string() });

const stockShape = {
  id: z.number().int(),
  deviceId: z.number().int().describe('the same as id'),
  name: z.string(),
  imei: z.string().describe('the tracker identifier (IMEI or serial), the same as uniqueId'),
  uniqueId: z.string(),
  status: deviceStatusSchema.describe('connection status'),
  stockStatus: stockStatusSchema,
  disabled: z.boolean(),
  assigned: z.boolean().describe('true when a group or a user is set'),
  groupId: z.number().int().nullable(),
  group: ref.nullable(),
  tenantId: z.number().int().nullable().describe('null while the device is in the platform stock'),
  assignedTenant: ref.nullable(),
  userId: z.number().int().nullable(),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  model: ref.nullable(),
  simCard: z.object({ id: z.number().int(), iccid: z.string(), status: z.string() }).nullable(),
  vendor: ref.nullable(),
  phone: z.string().nullable(),
  expirationTime: isoTimeSchema.nullable(),
  lastUpdate: isoTimeSchema.nullable(),
  createdAt: isoTimeSchema,
};

/** A row of the stock list. */
export const stockDeviceSchema = z.object(stockShape);
export type StockDevice = z.infer<typeof stockDeviceSchema>;

/** One device with every detail field (GET /api/v2/device/:id). */
export const stockDeviceDetailSchema = deviceSchema.omit({ model: true }).extend(stockShape);
export type StockDeviceDetail = z.infer<typeof stockDeviceDetailSchema>;

/** GET /api/v2/device: the page parameters, the status tile, tenant, model and connection status. */
export const stockDeviceQuerySchema = pageQuerySchema.extend({
  status: stockFilterSchema.optional().describe('a stock status; TOTAL or none: every device'),
  tenantId: queryInt4().optional(),
  modelId: queryInt4().optional(),
  connection: deviceStatusSchema.optional(),
});
export type StockDeviceQuery = z.infer<typeof stockDeviceQuerySchema>;

/** GET /api/v2/device/stats: the count of each tile. */
export const stockStatsSchema = z.object(
  Object.fromEntries(STOCK_FILTERS.map((s) => [s, z.number().int()])) as Record<StockFilter, z.ZodNumber>,
);
export type StockStats = z.infer<typeof stockStatsSchema>;

/** A tracker identifier: Traccar's uniqueId characters; a 15-digit one is an IMEI and its check digit must hold. */
export const imeiSchema = text()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\w.:-]+$/, 'letters, digits and . _ : - only')
  .superRefine((value, ctx) => {
    const problem = imeiProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const nullableRef = refSchema.nullish();

/** POST /api/v2/device: a device added to the stock. */
export const stockDeviceCreateSchema = z.object({
  uniqueId: imeiSchema,
  name: text().trim().min(1).max(128).optional().describe('the IMEI when left out'),
  modelId: nullableRef,
  simCardId: nullableRef,
  vendorId: nullableRef,
  phone: text().trim().max(64).nullish(),
  expirationTime: timeSchema.nullish(),
});
export type StockDeviceCreate = z.infer<typeof stockDeviceCreateSchema>;

/** PUT /api/v2/device/:id: the admin fields and the detail fields. */
export const stockDeviceUpdateSchema = deviceInputSchema
  .omit({ uniqueId: true, groupId: true, tenantId: true, model: true, disabled: true, calendarId: true })
  .partial()
  .extend({ uniqueId: imeiSchema.optional(), modelId: nullableRef, simCardId: nullableRef, vendorId: nullableRef });
export type StockDeviceUpdate = z.infer<typeof stockDeviceUpdateSchema>;

/** The most devices one bulk call (move to a user, expiry) changes. */
export const STOCK_BULK_MAX = 1000;
const deviceIds = z.array(refSchema).min(1).max(STOCK_BULK_MAX);

export const stockTenantBodySchema = z.object({ tenantId: refSchema });
export const stockGroupBodySchema = z.object({ groupId: refSchema });
/** POST /api/v2/device/user/move. */
export const stockUserMoveSchema = z.object({ deviceIds, userId: refSchema });
export type StockUserMove = z.infer<typeof stockUserMoveSchema>;
/** PUT /api/v2/device/expiry: one device is a list of one; null clears the expiry. */
export const stockExpirySchema = z.object({ deviceIds, expirationTime: timeSchema.nullable() });
export type StockExpiry = z.infer<typeof stockExpirySchema>;
/** The answer of the bulk calls: how many devices changed. */
export const stockBulkResultSchema = z.object({ updated: z.number().int() });

/** Bulk CSV upload: at most this many rows, and this many characters of CSV text. */
export const STOCK_IMPORT_MAX_ROWS = 20_000;
export const STOCK_IMPORT_MAX_CHARS = 4_000_000;

/** POST /api/v2/device/import/preview and /import: the CSV text, a header row first (IMEI, model, ICCID, …). */
export const stockImportBodySchema = z.object({
  csv: text()
    .min(1)
    .max(STOCK_IMPORT_MAX_CHARS, `the CSV must be at most ${STOCK_IMPORT_MAX_CHARS / 1_000_000} million characters`),
});

/** One CSV row as read, with its problems (none: it can be imported) and, after import, the new device. */
export const stockImportRowSchema = z.object({
  line: z.number().int().describe('line of the file, the header being line 1'),
  imei: z.string(),
  name: z.string(),
  model: z.string().nullable(),
  iccid: z.string().nullable(),
  vendor: z.string().nullable(),
  phone: z.string().nullable(),
  expiry: isoTimeSchema.nullable(),
  status: z.enum(['ok', 'problem', 'created']),
  problems: z.array(z.string()),
  deviceId: z.number().int().nullable(),
});
export type StockImportRow = z.infer<typeof stockImportRowSchema>;

export const stockImportReportSchema = z.object({
  rows: z.array(stockImportRowSchema),
  total: z.number().int(),
  problems: z.number().int().describe('rows with at least one problem'),
  created: z.number().int(),
  report: z.string().describe('the per-row report as CSV text'),
});
export type StockImportReport = z.infer<typeof stockImportReportSchema>;
