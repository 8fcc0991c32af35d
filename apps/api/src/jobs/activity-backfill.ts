import type pg from 'pg';
import type { Logger } from 'pino';
import { rebuildActivity } from '../pipeline/activity/rebuild';
import type { PipelineConfig } from '../pipeline/types';

/**
 * Once at start, in the background: folds the history of devices whose positions were stored before trips,
 * stops and hours were kept (no kept state, or stored positions older than the first one folded). One device at
 * a time; a device the pipeline is storing for waits its turn on the row lock.
 */
export function startActivityBackfill(
  pool: pg.Pool,
  defaults: PipelineConfig,
  log: Logger,
): { close(): Promise<void> } {
  let stopped = false;
  const done = (async () => {
    const { rows } = await pool.query<{ uniqueId: string }>(
      `SELECT d."uniqueId" FROM devices d LEFT JOIN device_activity a ON a."deviceId" = d.id
        WHERE d."positionId" IS NOT NULL
          AND (a."deviceId" IS NULL
               OR EXISTS (SELECT 1 FROM positions p WHERE p."deviceId" = d.id AND p."fixTime" < a.since))
        ORDER BY d.id`,
    );
    for (const { uniqueId } of rows) {
      if (stopped) return;
      const result = await rebuildActivity(pool, uniqueId, defaults);
      if (result) log.info({ uniqueId, ...result }, 'trips and stops folded from stored history');
    }
  })().catch((err) => {
    if (!stopped) log.error({ err }, 'folding stored history into trips and stops failed');
  });
  return {
    async close() {
      stopped = true;
      await done;
    },
  };
}
