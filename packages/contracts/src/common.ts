import { z } from 'zod';

/**
 * The pieces every resource shares: ids in paths, Traccar's list parameters (`/api`), the admin dialect's paging
 * and `{data}` envelope (`/api/v2`). Defined once here so both API dialects and the web app read the same shapes.
 */

/** A database id: a positive integer (path parameters arrive as text and are coerced). */
export const idSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** `/:id` path parameters. */
export const idParamsSchema = z.object({ id: idSchema });

const flag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');
const optionalId = idSchema.optional();

/**
 * Traccar's list parameters, shared by every /api resource list: `all` (platform staff: every tenant's rows —
 * tenant users get their tenants' rows either way), `userId` (rows linked to that user), `groupId` / `deviceId`
 * (rows linked directly to that group / device), `keyword` (name or description contains it, any case),
 * `limit` / `offset` (paging, in the resource's order).
 */
export const listQuerySchema = z.object({
  all: flag,
  userId: optionalId,
  groupId: optionalId,
  deviceId: optionalId,
  keyword: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(10_000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** The admin dialect's paging: zero-based `page`, `size` rows a page, free-text `search`, `sortBy`/`sortOrder`. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(500).default(10),
  search: z.string().trim().max(128).optional(),
  sortBy: z.string().max(64).optional(),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** One page of `item`s with the totals a pager needs. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    page: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
  });
}
export interface Page<T> {
  content: T[];
  page: number;
  size: number;
  totalElements: number;
  totalPages: number;
}

/** The admin dialect's envelope: every `/api/v2` body is `{ data: … }`. */
export function dataSchema<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

/** A time as the API serves it: ISO-8601 text in UTC, as the server writes it (Date.toISOString). */
export const isoTimeSchema = z.string().describe('ISO-8601 UTC');

/**
 * A repeatable query parameter (`?id=1&id=2`): the query string gives one value as text and several as an array;
 * either way it becomes an array of `item` (at most `max` when given).
 */
export function repeatedSchema<T extends z.ZodType>(item: T, max?: number) {
  const list = max === undefined ? z.array(item) : z.array(item).max(max);
  return z.preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), list.optional());
}
