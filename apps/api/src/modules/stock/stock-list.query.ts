import type { StockDeviceQuery } from '@waymark/contracts/stock-device';
import { STOCK_SORTABLE } from '@waymark/contracts/stock-device';
import { Prisma } from '@waymark/db/client';
import type { AppContext } from '../../context';
import type { AuthContext } from '../../plugins/app/auth-context';

/** The most SIM cards a search resolves to ids before it filters through a subquery instead. */
const ICCID_MATCHES_MAX = 2000;

/**
 * Up to this many matches, the page is cut from the matches sorted in memory; beyond it, PostgreSQL may walk the
 * sort order's index. A walk is the fast plan when matches are everywhere in the sort order, and the slow one when
 * they sit together far along it (devices named "Truck …" sorted by name, with a page near their end): it then
 * reads every device before them. Sorting twenty thousand rows costs a few milliseconds, whatever the table size.
 */
const SORT_IN_MEMORY_MAX = 20_000;

/** `text` as a LIKE pattern that matches it anywhere, its wildcards and escape character taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The search over name, IMEI and ICCID. Text without letters has no case, so it compares with LIKE and spares
 * ILIKE's case folding of every candidate (IMEI fragments such as '350' match nearly every device). ICCIDs are
 * digits, so only a digit search looks at SIM cards; it finds the matching SIM cards first (a trigram index) so
 * that the device condition combines indexes instead of scanning every device. SIM cards out of the caller's
 * sight can only match devices out of sight, which the scope condition leaves out.
 */
async function searchCondition(ctx: AppContext, search: string): Promise<Prisma.Sql> {
  const pattern = containsPattern(search);
  const like = /\p{L}/u.test(search) ? Prisma.sql`ILIKE` : Prisma.sql`LIKE`;
  const text = Prisma.sql`d.name ${like} ${pattern} OR d."uniqueId" ${like} ${pattern}`;
  if (!/^\d{3,}$/.test(search)) return Prisma.sql`(${text})`;
  const sims = await ctx.db.$queryRaw<{ id: number }[]>`
    SELECT id FROM sim_cards WHERE iccid LIKE ${pattern} LIMIT ${ICCID_MATCHES_MAX + 1}`;
  if (sims.length > ICCID_MATCHES_MAX) {
    return Prisma.sql`(${text} OR d."simCardId" IN (SELECT id FROM sim_cards WHERE iccid LIKE ${pattern}))`;
  }
  return Prisma.sql`(${text} OR d."simCardId" = ANY(${sims.map((s) => s.id)}::int[]))`;
}

/**
 * The list's conditions: the caller's tenants, the status tile, tenant, model, connection status, search text.
 *
 * Written as SQL rather than through Prisma, which compares an enum through a cast of a text parameter
 * (`CAST($1::text AS "StockStatus")`): PostgreSQL cannot fold that cast into a constant, so it plans the stock
 * status as unknown and misjudges every tile combined with another filter. Here the parameter is typed
 * `"StockStatus"` and arrives as a constant, for which the indexes and extended statistics of the list are made.
 */
async function conditions(ctx: AppContext, auth: AuthContext, q: StockDeviceQuery): Promise<Prisma.Sql> {
  const where: Prisma.Sql[] = [];
  // the tenant scope of the data layer (scopedDb), stated for this query: platform staff see every device
  if (!auth.scope.platform) where.push(Prisma.sql`d."tenantId" = ANY(${auth.scope.tenantIds}::int[])`);
  if (q.status && q.status !== 'TOTAL') where.push(Prisma.sql`d."stockStatus" = ${q.status}::"StockStatus"`);
  if (q.tenantId !== undefined) where.push(Prisma.sql`d."tenantId" = ${q.tenantId}::int`);
  if (q.modelId !== undefined) where.push(Prisma.sql`d."modelId" = ${q.modelId}::int`);
  if (q.connection) where.push(Prisma.sql`d.status = ${q.connection}`);
  if (q.search) where.push(await searchCondition(ctx, q.search));
  return where.length ? Prisma.sql`WHERE ${Prisma.join(where, ' AND ')}` : Prisma.empty;
}

/**
 * The ids of one page of the caller's devices in the list's order, and how many devices match, in one round trip.
 * The order is the sort field then id, both in the asked direction (NULLs last ascending, first descending, as
 * Prisma's orderBy), so that pages never overlap. PostgreSQL counts first and then runs only the branch the count
 * picks (an uncorrelated subquery is evaluated when first used): nothing past the last match, the matches sorted in
 * memory (the OFFSET 0 keeps the planner from pushing the order into an index walk), or the planner's own plan.
 */
export async function stockPage(
  ctx: AppContext,
  auth: AuthContext,
  q: StockDeviceQuery,
): Promise<{ ids: number[]; total: number }> {
  const where = await conditions(ctx, auth, q);
  const skip = q.page * q.size;
  const field = Prisma.raw(`"${STOCK_SORTABLE.find((f) => f === q.sortBy) ?? STOCK_SORTABLE[0]}"`);
  const dir = q.sortOrder === 'desc' ? Prisma.sql`DESC` : Prisma.sql`ASC`;
  const order = Prisma.sql`ORDER BY ${field} ${dir}, id ${dir} LIMIT ${q.size}::int OFFSET ${skip}::int`;
  const [row] = await ctx.db.$queryRaw<[{ total: number; ids: number[] }]>`
    SELECT t.total, CASE
      WHEN t.total <= ${skip}::int THEN '{}'::int[]
      WHEN t.total <= ${SORT_IN_MEMORY_MAX}::int THEN
        ARRAY(SELECT id FROM (SELECT d.id, d.${field} FROM devices d ${where} OFFSET 0) matches ${order})
      ELSE ARRAY(SELECT d.id FROM devices d ${where} ${order})
    END AS ids
    FROM (SELECT count(*)::int AS total FROM devices d ${where}) t`;
  return { ids: row.ids, total: row.total };
}
