import type { Db } from '@waymark/db/client';
import type pg from 'pg';

/** The tables partitioned by month: positions by fixTime, events by eventTime. */
export type HistoryTable = 'positions' | 'events';
export const HISTORY_TABLES: readonly HistoryTable[] = ['positions', 'events'];
export const TIME_COLUMN: Record<HistoryTable, string> = { positions: 'fixTime', events: 'eventTime' };

/** What the partition code needs of a connection or a pool: one statement at a time, outside any transaction. */
export type Sql = Pick<pg.Pool, 'query'>;
/** What making a partition needs: one statement. */
type EnsureSql = { query(text: string, values: unknown[]): Promise<unknown> };

/** The first instant (UTC) of the month that holds `at`, as ms since the epoch. */
export const monthOf = (at: Date) => Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1);
/** The first instant of the month `months` after the one that holds `at`. */
export const monthAfter = (at: Date, months = 1) => Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 1);

/**
 * Makes sure the month partitions that rows at the given times go into exist (migration 20261125160000's
 * `partitions.ensure_month`: a standalone table attached with a lock that does not stop writers). Remembers
 * what it has seen, so the pipeline's batches, nearly always in months that exist, cost no round trip.
 */
export class PartitionMonths {
  private readonly known = new Set<string>();

  async ensure(sql: EnsureSql, table: HistoryTable, times: Iterable<Date>): Promise<void> {
    const missing = new Set<number>();
    for (const at of times) {
      if (Number.isNaN(at.getTime())) continue;
      const month = monthOf(at);
      if (!this.known.has(`${table}:${month}`)) missing.add(month);
    }
    for (const month of missing) {
      await sql.query('SELECT partitions.ensure_month($1, $2::timestamp)', [table, new Date(month).toISOString()]);
      this.known.add(`${table}:${month}`);
    }
  }

  /** Forgets every month (a partition was dropped here or on another node). */
  forget(): void {
    this.known.clear();
  }
}

const byClient = new WeakMap<Db, PartitionMonths>();

/**
 * Makes the events months of the given times exist, for events written through a Prisma client (device status
 * and inactivity: their times are the present, whose month is never dropped, so what is remembered stays true).
 */
export async function ensureEventMonths(db: Db, times: Date[]): Promise<void> {
  let months = byClient.get(db);
  if (!months) {
    months = new PartitionMonths();
    byClient.set(db, months);
  }
  await months.ensure({ query: (text, values) => db.$queryRawUnsafe(text, ...values) }, 'events', times);
}

/** PostgreSQL's answer to a row for which no partition exists (a month dropped since it was remembered). */
export const isMissingPartition = (err: unknown) =>
  (err as { code?: string }).code === '23514' && /no partition of relation/.test((err as Error).message ?? '');

export interface Partition {
  table: HistoryTable;
  /** its name in the schema "partitions" */
  name: string;
  /** first instant it holds */
  from: Date;
  /** first instant past it */
  to: Date;
  /** PostgreSQL's estimate (-1 before the table was first analysed) */
  rows: number;
  bytes: number;
  /** a concurrent detach was interrupted: it must be finished */
  detachPending: boolean;
}

const BOUND = /FROM \('([^']+)'\) TO \('([^']+)'\)/;
const boundTime = (text: string) =>
  text.endsWith(' BC') ? new Date(Number.NEGATIVE_INFINITY) : new Date(`${text.replace(' ', 'T')}Z`);

/** The month partitions of positions and events, oldest first. */
export async function listPartitions(sql: Sql): Promise<Partition[]> {
  const { rows } = await sql.query<{
    parent: HistoryTable;
    name: string;
    bound: string;
    rows: string;
    bytes: string;
    pending: boolean;
  }>(
    `SELECT parent.relname AS parent, child.relname AS name, pg_get_expr(child.relpartbound, child.oid) AS bound,
            child.reltuples::bigint::text AS rows, pg_total_relation_size(child.oid)::text AS bytes,
            i.inhdetachpending AS pending
       FROM pg_inherits i
       JOIN pg_class parent ON parent.oid = i.inhparent
       JOIN pg_class child ON child.oid = i.inhrelid
       JOIN pg_namespace ns ON ns.oid = child.relnamespace
      WHERE parent.relname IN ('positions', 'events') AND ns.nspname = 'partitions'`,
  );
  const partitions: Partition[] = [];
  for (const r of rows) {
    const bound = BOUND.exec(r.bound);
    if (!bound) continue;
    partitions.push({
      table: r.parent,
      name: r.name,
      from: boundTime(bound[1] as string),
      to: boundTime(bound[2] as string),
      rows: Number(r.rows),
      bytes: Number(r.bytes),
      detachPending: r.pending,
    });
  }
  return partitions.sort((a, b) => a.from.getTime() - b.from.getTime() || a.table.localeCompare(b.table));
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Drops a month: DETACH … CONCURRENTLY (it waits for queries that may read the month, and blocks no writer),
 * then DROP TABLE. Must run outside a transaction. A detach interrupted earlier is finished instead.
 */
export async function dropPartition(sql: Sql, partition: Partition): Promise<void> {
  const parent = ident(partition.table);
  const child = `partitions.${ident(partition.name)}`;
  await sql.query(
    partition.detachPending
      ? `ALTER TABLE public.${parent} DETACH PARTITION ${child} FINALIZE`
      : `ALTER TABLE public.${parent} DETACH PARTITION ${child} CONCURRENTLY`,
  );
  await sql.query(`DROP TABLE ${child}`);
}
