import type pg from 'pg';
import { resolveSettings } from '../settings';
import { lockDevices } from '../store';
import type { PipelineConfig } from '../types';
import { insertSegments, pgQuery, readPoints, saveStates, writeHours } from './activity.store';
import { activityConfig } from './activity-batches';
import type { ActivityState, TrackPoint } from './activity-types';
import type { HourTally } from './hours';
import { addToHours } from './hours';
import { settingsKey } from './maintain';
import { fold } from './replay';

/** Positions read per round trip while refolding a device's history. */
const CHUNK = 20_000;

/**
 * Folds a device's whole stored history again, in chunks (its trips, stops, hours and state are replaced): for
 * devices whose positions were stored before the pipeline kept these, and after a change of their trip settings.
 * Holds the device's row lock meanwhile, so the pipeline waits for it rather than folding beside it.
 */
export async function rebuildActivity(
  pool: pg.Pool,
  uniqueId: string,
  defaults: PipelineConfig,
  chunkSize = CHUNK,
): Promise<{ positions: number; segments: number } | null> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const device = (await lockDevices(client, [uniqueId])).get(uniqueId);
    if (!device) {
      await client.query('ROLLBACK');
      return null;
    }
    const config = activityConfig(resolveSettings(device.layers, defaults));
    for (const table of ['activity_segments', 'activity_hours', 'device_activity']) {
      await client.query(`DELETE FROM ${table} WHERE "deviceId" = $1`, [device.id]);
    }
    const query = pgQuery(client);
    let state: ActivityState | null = null;
    let prev: TrackPoint | null = null;
    let since: number | null = null;
    let positions = 0;
    let segments = 0;
    const hours = new Map<number, HourTally>();
    let from: { time: number; id: number } | null = null;
    for (;;) {
      const chunk = await readPoints(query, device.id, from, null, chunkSize);
      const head = chunk[0];
      if (!head) break;
      since ??= head.time;
      // the keyset is inclusive: a chunk after the first starts with the last one's final position
      const points: TrackPoint[] = from && head.id === from.id ? chunk.slice(1) : chunk;
      for (const p of points) {
        addToHours(hours, prev, p, config);
        prev = p;
      }
      const folded = fold(state, points, config);
      state = folded.state;
      await insertSegments(
        client,
        folded.segments.map((segment) => ({ deviceId: device.id, segment })),
      );
      segments += folded.segments.length;
      positions += points.length;
      // hours before the chunk's last one are complete: written now, so memory stays bounded
      const lastHour = Math.max(...hours.keys());
      const done = [...hours.values()].filter((h) => h.hour < lastHour);
      await writeHours(
        client,
        done.map((hour) => ({ deviceId: device.id, hour })),
        'replace',
      );
      for (const h of done) hours.delete(h.hour);
      const last: TrackPoint | undefined = points[points.length - 1];
      if (!last || chunk.length < chunkSize) break;
      from = { time: last.time, id: last.id };
    }
    await writeHours(
      client,
      [...hours.values()].map((hour) => ({ deviceId: device.id, hour })),
      'replace',
    );
    if (state && since !== null)
      await saveStates(client, [{ deviceId: device.id, state, since, settings: settingsKey(config) }]);
    await client.query('COMMIT');
    return { positions, segments };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
