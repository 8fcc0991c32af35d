import type { EventType } from '@waymark/contracts/event';
import type { ReportType } from '@waymark/contracts/report';

/** Every column header an export writes, by the column's key. */
export const COLUMN_TEXT_KEYS = [
  'time',
  'device',
  'valid',
  'latitude',
  'longitude',
  'coordinates',
  'speed',
  'altitude',
  'course',
  'address',
  'ignition',
  'motion',
  'sat',
  'batteryLevel',
  'power',
  'fuel',
  'odometer',
  'totalDistance',
  'hours',
  'driverUniqueId',
  'alarm',
  'type',
  'geofence',
  'maintenance',
  'result',
  'startTime',
  'endTime',
  'startAddress',
  'endAddress',
  'distance',
  'averageSpeed',
  'maxSpeed',
  'duration',
  'spentFuel',
  'refuelled',
  'fuelThefts',
  'idleTime',
  'engineHours',
  'movingTime',
  'driver',
  'startOdometer',
  'endOdometer',
  'positions',
] as const;
export type ColumnTextKey = (typeof COLUMN_TEXT_KEYS)[number];

/** What an alert's PDF lists, in this order when present. */
export const ALERT_FACT_KEYS = [
  'type',
  'time',
  'device',
  'geofence',
  'alarm',
  'coordinates',
  'speed',
  'address',
  'fixTime',
] as const;
export type AlertFactKey = (typeof ALERT_FACT_KEYS)[number];

/**
 * What the exports say, in one language. Placeholders in braces are filled with values already formatted for the
 * reader ({from}, {to}, {time}, {page}, {type}). The records are keyed by closed lists, so a language that misses a
 * text does not compile, and the texts test checks that none is empty.
 */
export interface ReportTexts {
  /** the Intl locale that writes numbers and dates */
  locale: string;
  titles: Record<ReportType, string>;
  period: string;
  generated: string;
  page: string;
  totals: string;
  noRows: string;
  yes: string;
  no: string;
  columns: Record<ColumnTextKey, string>;
  eventTypes: Record<EventType, string>;
  alert: {
    title: string;
    field: string;
    value: string;
    facts: Record<AlertFactKey, string>;
  };
}
