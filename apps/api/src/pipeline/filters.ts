import { distanceMetres } from './distance';
import type { LastPosition, PipelineConfig, WorkingPosition } from './types';

const METRES_PER_NAUTICAL_MILE = 1852;

/** Why a position is dropped, or null to keep it. Each filter can be switched off (PipelineConfig). */
export function filterReason(
  position: WorkingPosition,
  last: LastPosition | null,
  config: PipelineConfig,
  now: Date,
): string | null {
  if (config.filterInvalid && !position.valid) return 'invalid';
  if (config.filterZero && position.latitude === 0 && position.longitude === 0 && !position.outdated) return 'zero';
  if (config.filterFutureMs > 0 && position.fixTime.getTime() > now.getTime() + config.filterFutureMs) return 'future';
  if (!last || position.outdated) return null;
  if (config.filterDuplicate && position.fixTime.getTime() === last.fixTime.getTime()) return 'duplicate';
  if (config.filterMaxSpeedKnots > 0 && position.fixTime > last.fixTime) {
    const hours = (position.fixTime.getTime() - last.fixTime.getTime()) / 3_600_000;
    const nm =
      distanceMetres(last.latitude, last.longitude, position.latitude, position.longitude) / METRES_PER_NAUTICAL_MILE;
    if (nm > 1 && nm / hours > config.filterMaxSpeedKnots) return 'jump';
  }
  return null;
}
