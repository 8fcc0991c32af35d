import { activityConfig } from '../../pipeline/activity/activity-batches';
import type { ActivityConfig } from '../../pipeline/activity/activity-types';
import { resolveSettings } from '../../pipeline/settings';
import { defaultPipelineConfig } from '../../pipeline/types';
import type { ReportDevice } from './report-scope';

/**
 * The trip and fuel thresholds a report applies where it folds positions itself (a period's edges, the open
 * segment): the device's own settings over the defaults. The pipeline's fold also reads the device's groups,
 * tenant and server; segments it kept carry what it decided.
 */
export function reportConfig(device: ReportDevice): ActivityConfig {
  return activityConfig(
    resolveSettings(
      {
        device: device.attributes,
        columns: {
          fuelDropThreshold: device.fuelDropThreshold,
          fuelIncreaseThreshold: device.fuelIncreaseThreshold,
          temperatureDropThreshold: null,
          temperatureIncreaseThreshold: null,
        },
        groups: [],
        tenant: {},
        server: {},
      },
      defaultPipelineConfig,
    ),
  );
}
