/**
 * Bulk CSV upload of devices, end to end: `pnpm bench:device-import [--rows 10000] [--keep]`. Needs DATABASE_URL (a
 * server where it may create and drop a database; default the local one) and Redis at REDIS_URL.
 *
 * A fresh database built by the real migrations holds 20 models, a vendor, 100,000 devices and 80,000 SIM cards
 * already (so that the duplicate checks look through a real stock). The API process then gets a CSV of `--rows`
 * new devices (IMEI with its check digit, model, ICCID with its check digit, name, phone, vendor, expiry) over
 * HTTP: POST /api/v2/device/import/preview, then POST /api/v2/device/import, each answering the per-row report
 * (JSON rows and the CSV text). It prints the time of each call as the client sees it, and checks the rows landed.
 */
import { cpus, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { luhnValid } from '@waymark/contracts/identifiers';
import type pg from 'pg';
import { benchApi } from './support/admin-api';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROWS = arg('rows', 10_000);
const say = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

const withCheck = (digits: string) => {
  for (let d = 0; d < 10; d++) if (luhnValid(`${digits}${d}`)) return `${digits}${d}`;
  throw new Error('unreachable');
};

async function seed(sql: pg.Client) {
  await sql.query(
    `INSERT INTO device_models (name, "updatedAt") SELECT 'Model ' || i, now() FROM generate_series(1, 20) i`,
  );
  await sql.query(`INSERT INTO vendors (name, "updatedAt") VALUES ('Acme SIM', now())`);
  await sql.query(
    `INSERT INTO sim_cards (iccid, "updatedAt") SELECT '8933' || lpad(i::text, 16, '0'), now() FROM generate_series(1, 80000) i`,
  );
  await sql.query(`INSERT INTO devices ("uniqueId", name, "updatedAt", "simCardId")
    SELECT '86' || lpad(i::text, 13, '0'), 'Old ' || i, now(), CASE WHEN i <= 80000 THEN i END FROM generate_series(1, 100000) i`);
  await sql.query('VACUUM ANALYZE');
}

async function main() {
  say(`machine: ${cpus().length} vCPU, ${Math.round(totalmem() / 2 ** 30)} GB`);
  const bench = await benchApi(`waymark_bench_device_import_${process.pid}`, seed);
  say(`PostgreSQL ${bench.version}; stock of 100,000 devices and 80,000 SIM cards`);
  const lines = ['IMEI,Model,ICCID,Name,Phone,Vendor,Expiry'];
  for (let i = 0; i < ROWS; i++) {
    const imei = withCheck(`35${String(i).padStart(12, '0')}`);
    const iccid = withCheck(`894400${String(i).padStart(13, '0')}`);
    lines.push(
      `${imei},Model ${1 + (i % 20)},${iccid},Vehicle ${i},+3069${String(i).padStart(8, '0')},Acme SIM,2030-12-31`,
    );
  }
  const csv = `${lines.join('\n')}\n`;
  say(`CSV: ${ROWS.toLocaleString('en')} rows, ${(csv.length / 1024).toFixed(0)} KB`);

  const timed = async (path: string) => {
    const t0 = performance.now();
    const res = await bench.call('POST', path, { csv });
    const took = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.json).slice(0, 500)}`);
    return {
      took,
      data: (res.json as { data: { total: number; problems: number; created: number; report: string } }).data,
    };
  };
  const preview = await timed('/api/v2/device/import/preview');
  say(
    `preview: ${(preview.took / 1000).toFixed(2)} s, ${preview.data.total} rows, ${preview.data.problems} with problems`,
  );
  const done = await timed('/api/v2/device/import');
  say(
    `import:  ${(done.took / 1000).toFixed(2)} s, ${done.data.created} created, report ${(done.data.report.length / 1024).toFixed(0)} KB of CSV`,
  );
  const landed =
    await bench.sql.query(`SELECT count(*)::int AS n, count(*) FILTER (WHERE "stockStatus" = 'READY')::int AS ready
    FROM devices WHERE "uniqueId" LIKE '35%'`);
  say(`in the database: ${landed.rows[0].n} devices, ${landed.rows[0].ready} READY`);
  say(
    `preview + import end to end: ${((preview.took + done.took) / 1000).toFixed(2)} s (target < 5 s for 10,000 rows)`,
  );
  await bench.close();
}

await main();
