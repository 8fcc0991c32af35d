import { z } from 'zod';

/**
 * The pieces every resource shares: ids in paths, Traccar's list parameters (`/api`), the admin dialect's paging
 * and `{data}` envelope (`/api/v2`). Defined once here so both API dialects and the web app read the same shapes.
 */

/** The largest value of a PostgreSQL `integer` column (ids, counts, limits). */
export const INT4_MAX = 2_147_483_647;
const INT4_MIN = -INT4_MAX - 1;

/** A database id: a positive integer (path parameters arrive as text and are coerced). */
export const idSchema = z.coerce.number().int().positive().max(INT4_MAX);

/** Numeric text as Traccar's JSON binding reads it into a number field: sign, digits, fraction, exponent; no blanks. */
const NUMERIC_TEXT = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

/**
 * A number of a JSON body that may also come as numeric text (`{"deviceId":"23"}`, `"start":"1000"`): Traccar's
 * JSON binding accepts it and its clients rely on that. Unlike z.coerce only finite numeric text is read — "",
 * blanks, booleans and null stay refused rather than becoming 0 or 1 — and the number is then checked by `schema`.
 */
export function numeric<T extends z.ZodType<number, number>>(schema: T) {
  return z.union([z.number(), z.string().regex(NUMERIC_TEXT, 'must be a number').transform(Number)]).pipe(schema);
}

/** A row's id in a JSON body (a foreign key): a positive integer an `integer` column holds, or its numeric text. */
export const refSchema = numeric(z.number().int().positive().max(INT4_MAX));

/**
 * A reference of a JSON body where Traccar writes 0 for none (`"calendarId": 0`, `"groupId": 0`): a row's id, or
 * 0 (as number or text), which reads as null.
 */
export const refOrNoneSchema = numeric(z.number().int().min(0).max(INT4_MAX)).transform((v) => (v === 0 ? null : v));

/** Any integer stored in an `integer` column. */
export const int4 = () => z.number().int().min(INT4_MIN).max(INT4_MAX);

/** An integer of a query string (arrives as text) stored in or compared with an `integer` column. */
export const queryInt4 = () => z.coerce.number().int().min(INT4_MIN).max(INT4_MAX);

/**
 * A number stored in a `double precision` column (distances, thresholds, counters): finite and within ±10¹⁵,
 * far beyond any real measure and safely below the doubles that overflow in arithmetic.
 */
export const real = () => z.number().min(-1e15).max(1e15);

const NUL = '\u0000';
const noNul = (value: string) => !value.includes(NUL);

/** Text stored in the database: PostgreSQL refuses the NUL character in text and JSON, so it is refused here. */
export const text = () => z.string().refine(noNul, 'must not contain the NUL character');

/** The earliest and latest years a time may have: PostgreSQL has no year 0, and nothing we store predates 1970. */
const MIN_TIME = Date.UTC(1970, 0, 1);
const MAX_TIME = Date.UTC(10_000, 0, 1) - 1;
const inRange = (value: string) => {
  const ms = Date.parse(value);
  return Number.isFinite(ms) && ms >= MIN_TIME && ms <= MAX_TIME;
};
const TIME_RANGE = 'must be a real time between the years 1970 and 9999';

/** An ISO-8601 time with offset (`Z` or `±hh:mm`) from 1970 to 9999. */
export const timeSchema = z.iso.datetime({ offset: true }).refine(inRange, TIME_RANGE);

/** An ISO-8601 calendar day (YYYY-MM-DD) from 1970 to 9999. */
export const daySchema = z.iso.date().refine(inRange, TIME_RANGE);

/** How deep and how large a free-form JSON value (`attributes`) may be. */
export const ATTRIBUTES_MAX_DEPTH = 8;
export const ATTRIBUTES_MAX_BYTES = 64 * 1024;

/**
 * Checks a free-form JSON value: at most ATTRIBUTES_MAX_DEPTH levels of nesting, at most ATTRIBUTES_MAX_BYTES
 * once serialized, no NUL in any key or string, and numbers finite. The walk stops at the first level too deep,
 * so a value nested thousands deep costs no more than one nested eight deep.
 */
export function checkJson(value: unknown, ctx: z.core.$RefinementCtx): void {
  const problem = jsonProblem(value, 0);
  if (problem) {
    ctx.addIssue({ code: 'custom', message: problem });
    return;
  }
  if (JSON.stringify(value).length > ATTRIBUTES_MAX_BYTES) {
    ctx.addIssue({ code: 'custom', message: `must be at most ${ATTRIBUTES_MAX_BYTES / 1024} KB as JSON` });
  }
}

function jsonProblem(value: unknown, depth: number): string | undefined {
  if (typeof value === 'string') return noNul(value) ? undefined : 'must not contain the NUL character';
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : 'numbers must be finite';
  if (typeof value !== 'object' || value === null) return undefined;
  if (depth >= ATTRIBUTES_MAX_DEPTH) return `must not be nested more than ${ATTRIBUTES_MAX_DEPTH} levels deep`;
  const entries = Array.isArray(value) ? value.map((v) => ['', v] as const) : Object.entries(value);
  for (const [key, item] of entries) {
    if (!noNul(key)) return 'must not contain the NUL character';
    const problem = jsonProblem(item, depth + 1);
    if (problem) return problem;
  }
  return undefined;
}

/** Free-form `attributes` of a stored row: a JSON object within checkJson's bounds. */
export const attributesSchema = z.record(z.string(), z.unknown()).superRefine(checkJson);

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
  keyword: text().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(10_000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** The most rows one page of a v2 list holds. */
export const PAGE_SIZE_MAX = 500;

/** The admin dialect's paging: zero-based `page`, `size` rows a page, free-text `search`, `sortBy`/`sortOrder`. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(10),
  search: text().trim().max(128).optional(),
  sortBy: text().max(64).optional(),
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

/** An IANA time zone name the server knows (Europe/Paris, UTC…). */
export const timeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'is not a known time zone');
