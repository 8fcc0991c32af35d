import type { ReportStop, ReportSummary } from '@waymark/contracts/report';

/** What the summary beside the player shows for one device or for all of them (Traccar's units). */
export interface TripSummary {
  /** metres */
  distance: number;
  /** ms moving */
  movingTime: number;
  /** ms parked: the stops' durations added up */
  parkedTime: number;
  /** ms with the engine on, not moving */
  idleTime: number;
  /** knots */
  maxSpeed: number;
  /** knots: the mean of the positions' speeds */
  averageSpeed: number;
  stops: number;
}

/**
 * Adds summary rows and stops up: distances and times add, the top speed is the highest, and the average speed is
 * the mean over all the positions counted (each row's average weighted by its number of positions).
 */
export function tripSummaryOf(rows: readonly ReportSummary[], stops: readonly ReportStop[]): TripSummary {
  const positions = rows.reduce((sum, row) => sum + row.positions, 0);
  const add = (value: (row: ReportSummary) => number) => rows.reduce((sum, row) => sum + value(row), 0);
  return {
    distance: add((r) => r.distance),
    movingTime: add((r) => r.movingTime),
    parkedTime: stops.reduce((sum, stop) => sum + stop.duration, 0),
    idleTime: add((r) => r.idleTime),
    maxSpeed: rows.reduce((max, row) => Math.max(max, row.maxSpeed), 0),
    averageSpeed: positions > 0 ? add((r) => r.averageSpeed * r.positions) / positions : 0,
    stops: stops.length,
  };
}
