/**
 * Positions partitioned by month versus one table: `pnpm bench:partitions [--months 12] [--rows-per-month 10000000]
 * [--devices 1000] [--keep]`. Needs DATABASE_URL (a server where it may create and drop a database).
 *
 * Both layouts hold the same rows in one fresh database built by the real migrations: `positions` as shipped
 * (a partition per month, primary key (id, fixTime)) and `positions_single`, the same columns in one table with
 * the primary key (id) it had before. Rows are generated in PostgreSQL (generate_series), a month at a time, in
 * fix-time order as trackers send them, with the indexes built and the table vacuumed afterwards (so that
 * autovacuum does not run during the measures). Then, on each layout:
 * - insert rate: the pipeline's write (COPY batches of 150 positions of the present month) for 20 s;
 * - query latency (median and p95 of 200 runs each): a device's day, a device's month, the latest positions of
 *   100 devices found by id (as the pipeline and /api/positions do), a device's latest by id alone;
 * - dropping the oldest month: DELETE on the single table versus DETACH … CONCURRENTLY + DROP of the partition.
 */
import { performance } from 'node:perf_hooks';
import { applyMigrations } from '@waymark/db/migrations/migrate';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const MONTHS = arg('months', 12);
const PER_MONTH = arg('rows-per-month', 10_000_000);
const DEVICES = arg('devices', 1000);
const KEEP = process.argv.includes('--keep');
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('set DATABASE_URL');

const dbName = `waymark_bench_partitions`;
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;

const say = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${dbName}`);
  const version = (await admin.query('SHOW server_version')).rows[0].server_version;
  await admin.end();
  await applyMigrations(url.toString());
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  say(`PostgreSQL ${version}; ${MONTHS} months × ${PER_MONTH.toLocaleString('en')} rows, ${DEVICES} devices`);

  // the present month is the newest one of the data: the insert test writes where trackers write
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (MONTHS - 1), 1));
  const monthStart = (m: number) => new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + m, 1));

  await db.query(`CREATE TABLE positions_single (LIKE positions INCLUDING DEFAULTS)`);
  await db.query(`DROP INDEX IF EXISTS "positions_deviceId_fixTime_idx"`);
  await db.query(`ALTER TABLE positions DROP CONSTRAINT positions_pkey`);
  for (let m = 0; m < MONTHS; m++)
    await db.query('SELECT partitions.ensure_month($1, $2::timestamp)', ['positions', monthStart(m).toISOString()]);

  const results: Record<string, Record<string, string>> = { positions: {}, positions_single: {} };
  // one layout at a time (loaded, measured, dropped): the disk holds one copy of the data, not two
  for (const table of ['positions', 'positions_single'] as const) {
    const started = performance.now();
    for (let m = 0; m < MONTHS; m++) {
      const from = monthStart(m);
      const spanMs = monthStart(m + 1).getTime() - from.getTime();
      const steps = Math.ceil(PER_MONTH / DEVICES);
      await db.query(
        `INSERT INTO ${table} (id, "deviceId", "tenantId", protocol, "serverTime", "deviceTime", "fixTime", valid,
                               latitude, longitude, altitude, speed, course, accuracy, "geofenceIds", attributes)
         SELECT g, (g % $4) + 1, 1, 'gt06', t, t, t, true, 52 + (g % 997) / 10000.0, 13 + (g % 991) / 10000.0,
                30, (g % 60), (g % 360), 5, '{}', '{"ignition":true,"motion":true,"sat":9,"odometer":1234567}'
           FROM generate_series($1::bigint, $2::bigint) AS g,
                LATERAL (SELECT $3::timestamp + (((g - $1) / $4) * ($5::float8 / $6)) * interval '1 millisecond' AS t) AS at`,
        [m * PER_MONTH + 1, (m + 1) * PER_MONTH, from.toISOString(), DEVICES, spanMs, steps],
      );
    }
    const loaded = performance.now();
    if (table === 'positions') {
      await db.query(`ALTER TABLE positions ADD CONSTRAINT positions_pkey PRIMARY KEY (id, "fixTime")`);
      await db.query(`CREATE INDEX "positions_deviceId_fixTime_idx" ON positions ("deviceId", "fixTime")`);
    } else {
      await db.query(`ALTER TABLE positions_single ADD PRIMARY KEY (id)`);
      await db.query(`CREATE INDEX ON positions_single ("deviceId", "fixTime")`);
    }
    // what autovacuum would do next, done before measuring so that it does not run during the measures
    await db.query(`VACUUM (ANALYZE) ${table}`);
    await db.query('CHECKPOINT');
    results[table].load = `${seconds(loaded - started)} + ${seconds(performance.now() - loaded)} indexing and vacuum`;
    results[table].size = `${(await size(db, table)).toFixed(1)} GB`;
    say(`${table}: ${results[table].load}, ${results[table].size}`);
    await db.query(`SELECT setval('positions_id_seq', $1)`, [MONTHS * PER_MONTH + 1]);
    // the newest position of every device, for the lookups by id
    const latest = (
      await db.query(`SELECT id, "fixTime" FROM ${table} WHERE id > $1 ORDER BY id LIMIT $2`, [
        MONTHS * PER_MONTH - DEVICES,
        DEVICES,
      ])
    ).rows as { id: string; fixTime: Date }[];
    await measure(db, table, results[table], latest, now, monthStart);
    say(`${table}: measured`);
    await db.query(table === 'positions' ? 'TRUNCATE positions' : 'DROP TABLE positions_single');
    await db.query('CHECKPOINT');
  }

  console.log(`\n${MONTHS} months × ${PER_MONTH.toLocaleString('en')} rows (median / p95 where two figures)`);
  console.log('\n| measure | partitioned by month | one table |\n|---|---|---|');
  for (const key of Object.keys(results.positions))
    console.log(`| ${key} | ${results.positions[key]} | ${results.positions_single[key]} |`);
  await db.end();
  if (!KEEP) {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await cleanup.end();
  }
}

async function measure(
  db: pg.Client,
  table: 'positions' | 'positions_single',
  out: Record<string, string>,
  latest: { id: string; fixTime: Date }[],
  now: Date,
  monthStart: (m: number) => Date,
) {
  out.insert = `${Math.round(await insertRate(db, table, now)).toLocaleString('en')} rows/s`;
  const middle = monthStart(Math.floor(MONTHS / 2));
  const day = [middle.toISOString(), new Date(middle.getTime() + 86_400_000).toISOString()];
  const month = [middle.toISOString(), monthStart(Math.floor(MONTHS / 2) + 1).toISOString()];
  out.deviceDay = await latency(db, (i) => ({
    text: `SELECT * FROM ${table} WHERE "deviceId" = $1 AND "fixTime" >= $2 AND "fixTime" < $3 ORDER BY "fixTime"`,
    values: [(i % DEVICES) + 1, ...day],
  }));
  out.deviceMonth = await latency(
    db,
    (i) => ({
      text: `SELECT count(*), max(speed) FROM ${table} WHERE "deviceId" = $1 AND "fixTime" >= $2 AND "fixTime" < $3`,
      values: [(i % DEVICES) + 1, ...month],
    }),
    50,
  );
  out.latest100 = await latency(db, (i) => {
    const some = Array.from({ length: 100 }, (_, k) => latest[(i * 7 + k) % latest.length] as (typeof latest)[0]);
    return table === 'positions'
      ? {
          text: `SELECT p.* FROM unnest($1::bigint[], $2::timestamp[]) AS l(id, at) JOIN positions p ON p.id = l.id AND p."fixTime" = l.at`,
          values: [some.map((l) => l.id), some.map((l) => l.fixTime.toISOString())],
        }
      : { text: `SELECT * FROM positions_single WHERE id = ANY($1::bigint[])`, values: [some.map((l) => l.id)] };
  });
  out.byIdOnly = await latency(db, (i) => ({
    text: `SELECT * FROM ${table} WHERE id = $1`,
    values: [latest[i % latest.length]?.id],
  }));
  // the oldest month goes: one DELETE against DETACH CONCURRENTLY + DROP
  const started = performance.now();
  if (table === 'positions_single') {
    const deleted = await db.query(`DELETE FROM positions_single WHERE "fixTime" < $1`, [monthStart(1).toISOString()]);
    out.dropMonth = `${seconds(performance.now() - started)} (DELETE of ${deleted.rowCount} rows)`;
  } else {
    const name = `positions_${monthStart(0).toISOString().slice(0, 7).replace('-', '_')}`;
    await db.query(`ALTER TABLE positions DETACH PARTITION partitions."${name}" CONCURRENTLY`);
    await db.query(`DROP TABLE partitions."${name}"`);
    out.dropMonth = `${seconds(performance.now() - started)} (DETACH CONCURRENTLY + DROP)`;
  }
}

async function size(db: pg.Client, table: string): Promise<number> {
  const { rows } = await db.query(
    table === 'positions'
      ? `SELECT sum(pg_total_relation_size(inhrelid))::float8 AS b FROM pg_inherits WHERE inhparent = 'positions'::regclass`
      : `SELECT pg_total_relation_size('positions_single')::float8 AS b`,
  );
  return rows[0].b / 1024 ** 3;
}

/** The pipeline's write: COPY of 150 positions of the present month per statement, for 20 s; rows per second. */
async function insertRate(db: pg.Client, table: string, now: Date): Promise<number> {
  const until = performance.now() + 20_000;
  let rows = 0;
  let id = Number((await db.query(`SELECT nextval('positions_id_seq') AS id`)).rows[0].id) + 1_000_000;
  const started = performance.now();
  while (performance.now() < until) {
    let text = '';
    for (let k = 0; k < 150; k++) {
      const at = new Date(now.getTime() + rows * 10).toISOString();
      text += `${id++}\t${(rows % DEVICES) + 1}\t1\tgt06\t${at}\t${at}\t${at}\tt\t52.5\t13.4\t30\t20\t90\t5\t\\N\t{}\t{"ignition":true}\n`;
      rows++;
    }
    await db.query('BEGIN');
    const stream = db.query(
      copyFrom(
        `COPY ${table} (id, "deviceId", "tenantId", protocol, "serverTime", "deviceTime", "fixTime", valid, latitude, longitude, altitude, speed, course, accuracy, network, "geofenceIds", attributes) FROM STDIN`,
      ),
    );
    await new Promise<void>((resolve, reject) => {
      stream.once('finish', resolve);
      stream.once('error', reject);
      stream.end(text);
    });
    await db.query('COMMIT');
  }
  return rows / ((performance.now() - started) / 1000);
}

async function latency(
  db: pg.Client,
  query: (i: number) => { text: string; values: unknown[] },
  runs = 200,
): Promise<string> {
  const times: number[] = [];
  for (let i = 0; i < 10; i++) await db.query(query(i * 31 + 3)); // warm-up, not counted
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await db.query(query(i * 13 + 5));
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => (times[Math.min(times.length - 1, Math.floor(q * times.length))] as number).toFixed(2);
  return `${at(0.5)} / ${at(0.95)} ms`;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
