import type pg from 'pg';
import type { Logger } from 'pino';
import { activityConfig } from '../pipeline/activity/activity-batches';
import { settingsKey } from '../pipeline/activity/maintain';
import { rebuildActivity } from '../pipeline/activity/rebuild';
import { resolveSettings } from '../pipeline/settings';
import { LAYER_COLUMNS, layersOf } from '../pipeline/store';
import type { PipelineConfig } from '../pipeline/types';

/** How often the job looks for devices whose trip or fuel settings changed. */
export const ACTIVITY_UPKEEP_INTERVAL_MS = 60_000;
/** pg advisory lock held while one API node sweeps (the others skip that round). */
const UPKEEP_LOCK = 0x57a1_0001;

type Row = Parameters<typeof layersOf>[0] & { id: number; uniqueId: string; settings: string | null; older: boolean };

/**
 * The devices whose kept trips, stops and hours must be folded again: history stored before these were kept (no
 * kept state, or, at `withHistory`, stored positions older than the first one folded), and devices whose trip or
 * fuel thresholds — their own, a group's, the tenant's or the server's — differ from those the history was
 * folded with. Traccar computes trips at report time, so a changed setting applies to the past too: so here.
 * History kept before the thresholds were noted beside it (an empty note) was folded with the settings of the
 * time, through the same chain: it gets today's noted, not a refold.
 */
export async function devicesToRefold(
  client: pg.ClientBase,
  defaults: PipelineConfig,
  withHistory: boolean,
): Promise<string[]> {
  const { rows } = await client.query<Row>(
    `SELECT d.id, d."uniqueId", a.settings,
            ${withHistory ? `a."deviceId" IS NOT NULL AND EXISTS (SELECT 1 FROM positions p WHERE p."deviceId" = d.id AND p."fixTime" < a.since)` : 'false'} AS older,
            ${LAYER_COLUMNS}
       FROM devices d
       LEFT JOIN tenants t ON t.id = d."tenantId"
       LEFT JOIN device_activity a ON a."deviceId" = d.id
      WHERE d."positionId" IS NOT NULL
      ORDER BY d.id`,
  );
  const refold: string[] = [];
  const unnoted: { id: number; key: string }[] = [];
  for (const r of rows) {
    const key = settingsKey(activityConfig(resolveSettings(layersOf(r), defaults)));
    if (r.settings === null || r.older) refold.push(r.uniqueId);
    else if (r.settings === '') unnoted.push({ id: r.id, key });
    else if (r.settings !== key) refold.push(r.uniqueId);
  }
  if (unnoted.length > 0) {
    await client.query(
      `UPDATE device_activity a SET settings = u.k FROM unnest($1::int[], $2::text[]) AS u(d, k)
        WHERE a."deviceId" = u.d AND a.settings = ''`,
      [unnoted.map((u) => u.id), unnoted.map((u) => u.key)],
    );
  }
  return refold;
}

/**
 * In the background, at start and then every minute: folds again the history of the devices devicesToRefold
 * names, one at a time (a device the pipeline is storing for waits its turn on the row lock). One API node sweeps
 * at a time (an advisory lock); the others skip the round.
 */
export function startActivityUpkeep(
  pool: pg.Pool,
  defaults: PipelineConfig,
  log: Logger,
  intervalMs = ACTIVITY_UPKEEP_INTERVAL_MS,
): { close(): Promise<void>; sweep(): Promise<number> } {
  let stopped = false;
  let first = true;
  let running: Promise<number> = Promise.resolve(0);

  const sweepOnce = async (): Promise<number> => {
    const client = await pool.connect();
    let refolded = 0;
    try {
      const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [UPKEEP_LOCK]);
      if (!rows[0]?.ok) return 0;
      try {
        const todo = await devicesToRefold(client, defaults, first);
        first = false;
        for (const uniqueId of todo) {
          if (stopped) break;
          const result = await rebuildActivity(pool, uniqueId, defaults);
          if (result) {
            refolded += 1;
            log.info({ uniqueId, ...result }, 'trips and stops folded again from stored positions');
          }
        }
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [UPKEEP_LOCK]);
      }
    } finally {
      client.release();
    }
    return refolded;
  };

  const sweep = () => {
    running = running.then(sweepOnce).catch((err) => {
      if (!stopped) log.error({ err }, 'folding stored history into trips and stops failed');
      return 0;
    });
    return running;
  };

  void sweep();
  const timer = setInterval(() => void sweep(), intervalMs);
  timer.unref();
  return {
    sweep,
    async close() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
