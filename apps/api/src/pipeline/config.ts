import type { Env } from '../env';
import type { PipelineConfig } from './types';
import { EVENT_DEFAULTS, TRIP_DEFAULTS } from './types';

export function pipelineConfig(env: Env): PipelineConfig {
  return {
    filterInvalid: env.WAYMARK_FILTER_INVALID,
    filterZero: env.WAYMARK_FILTER_ZERO,
    filterDuplicate: env.WAYMARK_FILTER_DUPLICATE,
    filterFutureMs: env.WAYMARK_FILTER_FUTURE * 1000,
    filterMaxSpeedKnots: env.WAYMARK_FILTER_MAX_SPEED,
    motionThresholdKnots: 0.01,
    ...EVENT_DEFAULTS,
    ...TRIP_DEFAULTS,
  };
}
