import type { PipelineConfig, WorkingPosition } from '../types';
import type { ActivityConfig } from './activity-types';
import type { DeviceBatch } from './maintain';
import { activityConfigOf } from './maintain';
import { trackPoint } from './track-point';

const configs = new WeakMap<PipelineConfig, ActivityConfig>();

/** The detector's thresholds of a device's settings (the shared defaults object maps to one shared result). */
export function activityConfig(settings: PipelineConfig): ActivityConfig {
  let config = configs.get(settings);
  if (!config) {
    config = activityConfigOf(settings);
    configs.set(settings, config);
  }
  return config;
}

/** The stored positions of a batch grouped per device, as the fold reads them. */
export function activityBatches(
  rows: readonly (WorkingPosition & { id: bigint })[],
  configs: Map<number, ActivityConfig>,
): DeviceBatch[] {
  const byDevice = new Map<number, DeviceBatch>();
  for (const row of rows) {
    const config = configs.get(row.deviceId);
    if (!config) continue;
    let batch = byDevice.get(row.deviceId);
    if (!batch) {
      batch = { deviceId: row.deviceId, config, points: [] };
      byDevice.set(row.deviceId, batch);
    }
    batch.points.push(trackPoint(Number(row.id), row.fixTime.getTime(), row, row.attributes));
  }
  return [...byDevice.values()];
}
