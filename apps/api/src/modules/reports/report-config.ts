import type { Query } from '../../pipeline/activity/activity.store';
import { activityConfig } from '../../pipeline/activity/activity-batches';
import type { ActivityConfig } from '../../pipeline/activity/activity-types';
import { resolveSettings } from '../../pipeline/settings';
import { LAYER_COLUMNS, layersOf } from '../../pipeline/store';
import { defaultPipelineConfig } from '../../pipeline/types';

type Row = Parameters<typeof layersOf>[0] & { id: number };

/**
 * The trip and fuel thresholds of devices, through the settings chain the pipeline reads (the device, its groups
 * nearest first, its tenant, the server, the defaults): what a report applies where it folds positions itself
 * (a period's edges, the open segment). Kept segments carry what the pipeline decided with the same settings
 * (a change of them folds the history again: jobs/activity-upkeep.ts).
 */
export async function reportConfigs(query: Query, deviceIds: number[]): Promise<Map<number, ActivityConfig>> {
  if (deviceIds.length === 0) return new Map();
  const rows = await query<Row>(
    `SELECT d.id, ${LAYER_COLUMNS}
       FROM devices d LEFT JOIN tenants t ON t.id = d."tenantId"
      WHERE d.id = ANY($1::int[])`,
    [deviceIds],
  );
  return new Map(rows.map((r) => [r.id, activityConfig(resolveSettings(layersOf(r), defaultPipelineConfig))]));
}
