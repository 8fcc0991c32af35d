import type { Position } from '@waymark/contracts/device';
import type { Event } from '@waymark/contracts/event';
import type {
  CombinedReportItem,
  ReportGeofence,
  ReportStop,
  ReportSummary,
  ReportTrip,
} from '@waymark/contracts/report';
import type { Column, ColumnKind } from './report-document';
import { eventTypeText } from './texts/report-texts';
import type { ColumnTextKey, ReportTexts } from './texts/texts-shape';
import { COLUMN_TEXT_KEYS } from './texts/texts-shape';

/** Names of what rows refer to by id only (positions and events carry a device id, not its name). */
export interface ReportNames {
  devices?: ReadonlyMap<number, string>;
  geofences?: ReadonlyMap<number, string>;
  maintenances?: ReadonlyMap<number, string>;
}

const named = (map: ReadonlyMap<number, string> | undefined, id: number | null | undefined) =>
  // Traccar's 0 is no reference, as null is
  !id ? null : (map?.get(id) ?? `#${id}`);

/** A column whose header is the catalogue's text for its key. */
function col<Row>(
  t: ReportTexts,
  key: ColumnTextKey,
  kind: ColumnKind,
  value: (row: Row) => unknown,
  extra: Pick<Column<Row>, 'total' | 'width' | 'pdf'> = {},
): Column<Row> {
  return { key, header: t.columns[key], kind, value, ...extra };
}

const attribute = (key: string) => (p: Position) => p.attributes[key];

/** The route report: one row per position, with the attributes most devices send. */
export function routeColumns(t: ReportTexts, names: ReportNames = {}): Column<Position>[] {
  return [
    col(t, 'time', 'time', (p) => p.fixTime, { width: 1.6 }),
    col(t, 'device', 'text', (p) => named(names.devices, p.deviceId), { width: 1.3 }),
    col(t, 'valid', 'boolean', (p) => p.valid, { pdf: false }),
    col(t, 'latitude', 'latitude', (p) => p.latitude, { width: 1.2 }),
    col(t, 'longitude', 'longitude', (p) => p.longitude, { width: 1.2 }),
    col(t, 'speed', 'speed', (p) => p.speed, { width: 0.8 }),
    col(t, 'altitude', 'number', (p) => p.altitude, { width: 0.8 }),
    col(t, 'course', 'number', (p) => p.course, { width: 0.7 }),
    col(t, 'address', 'text', (p) => p.address, { width: 4 }),
    col(t, 'ignition', 'boolean', attribute('ignition'), { width: 0.7 }),
    col(t, 'motion', 'boolean', attribute('motion'), { pdf: false }),
    col(t, 'sat', 'number', attribute('sat'), { pdf: false }),
    col(t, 'batteryLevel', 'number', attribute('batteryLevel'), { pdf: false }),
    col(t, 'power', 'number', attribute('power'), { pdf: false }),
    col(t, 'fuel', 'number', attribute('fuel'), { width: 0.7 }),
    col(t, 'odometer', 'distance', attribute('odometer'), { pdf: false }),
    col(t, 'totalDistance', 'distance', attribute('totalDistance')),
    col(t, 'hours', 'duration', attribute('hours'), { pdf: false }),
    col(t, 'driverUniqueId', 'text', attribute('driverUniqueId'), { pdf: false }),
    col(t, 'alarm', 'text', attribute('alarm')),
  ];
}

/** The events report: one row per event, its type in the reader's language. */
export function eventColumns(t: ReportTexts, names: ReportNames = {}): Column<Event>[] {
  return [
    col(t, 'time', 'time', (e) => e.eventTime, { width: 1.4 }),
    col(t, 'device', 'text', (e) => named(names.devices, e.deviceId), { width: 1.3 }),
    col(t, 'type', 'text', (e) => eventTypeText(t, e.type), { width: 1.5 }),
    col(t, 'geofence', 'text', (e) => named(names.geofences, e.geofenceId)),
    col(t, 'maintenance', 'text', (e) => named(names.maintenances, e.maintenanceId)),
    col(t, 'alarm', 'text', (e) => e.attributes.alarm),
    col(t, 'result', 'text', (e) => e.attributes.result, { width: 1.5 }),
  ];
}

const place = (address: string | null, latitude: number, longitude: number) => address ?? [latitude, longitude];

export function tripColumns(t: ReportTexts): Column<ReportTrip>[] {
  return [
    col(t, 'device', 'text', (r) => r.deviceName, { width: 1.2 }),
    col(t, 'startTime', 'time', (r) => r.startTime, { width: 1.4 }),
    col(t, 'startOdometer', 'distance', (r) => r.startOdometer, { pdf: false }),
    col(t, 'startAddress', 'place', (r) => place(r.startAddress, r.startLat, r.startLon), { width: 2 }),
    col(t, 'endTime', 'time', (r) => r.endTime, { width: 1.4 }),
    col(t, 'endOdometer', 'distance', (r) => r.endOdometer, { pdf: false }),
    col(t, 'endAddress', 'place', (r) => place(r.endAddress, r.endLat, r.endLon), { width: 2 }),
    col(t, 'distance', 'distance', (r) => r.distance, { total: 'sum' }),
    col(t, 'averageSpeed', 'speed', (r) => r.averageSpeed),
    col(t, 'maxSpeed', 'speed', (r) => r.maxSpeed, { total: 'max' }),
    col(t, 'duration', 'duration', (r) => r.duration, { total: 'sum' }),
    col(t, 'idleTime', 'duration', (r) => r.idleTime, { total: 'sum' }),
    col(t, 'spentFuel', 'volume', (r) => r.spentFuel, { total: 'sum' }),
    col(t, 'refuelled', 'volume', (r) => r.refuelled, { total: 'sum' }),
    col(t, 'driver', 'text', (r) => r.driverName ?? r.driverUniqueId),
  ];
}

const litres = (list: readonly { litres: number }[]) => list.reduce((sum, x) => sum + x.litres, 0);

export function stopColumns(t: ReportTexts): Column<ReportStop>[] {
  return [
    col(t, 'device', 'text', (r) => r.deviceName, { width: 1.2 }),
    col(t, 'startTime', 'time', (r) => r.startTime, { width: 1.4 }),
    col(t, 'endTime', 'time', (r) => r.endTime, { width: 1.4 }),
    col(t, 'startOdometer', 'distance', (r) => r.startOdometer, { pdf: false }),
    col(t, 'address', 'place', (r) => place(r.address, r.latitude, r.longitude), { width: 2.4 }),
    col(t, 'duration', 'duration', (r) => r.duration, { total: 'sum' }),
    col(t, 'idleTime', 'duration', (r) => r.idleTime, { total: 'sum' }),
    col(t, 'engineHours', 'duration', (r) => r.engineHours, { total: 'sum' }),
    col(t, 'spentFuel', 'volume', (r) => r.spentFuel, { total: 'sum' }),
    col(t, 'refuelled', 'volume', (r) => r.refuelled, { total: 'sum' }),
    col(t, 'fuelThefts', 'volume', (r) => litres(r.thefts), { total: 'sum' }),
  ];
}

export function summaryColumns(t: ReportTexts): Column<ReportSummary>[] {
  return [
    col(t, 'device', 'text', (r) => r.deviceName, { width: 1.3 }),
    col(t, 'startTime', 'time', (r) => r.startTime, { width: 1.4 }),
    col(t, 'endTime', 'time', (r) => r.endTime, { width: 1.4 }),
    col(t, 'distance', 'distance', (r) => r.distance, { total: 'sum' }),
    col(t, 'startOdometer', 'distance', (r) => r.startOdometer, { pdf: false }),
    col(t, 'endOdometer', 'distance', (r) => r.endOdometer, { pdf: false }),
    col(t, 'averageSpeed', 'speed', (r) => r.averageSpeed),
    col(t, 'maxSpeed', 'speed', (r) => r.maxSpeed, { total: 'max' }),
    col(t, 'movingTime', 'duration', (r) => r.movingTime, { total: 'sum' }),
    col(t, 'idleTime', 'duration', (r) => r.idleTime, { total: 'sum' }),
    col(t, 'engineHours', 'duration', (r) => r.engineHours, { total: 'sum' }),
    col(t, 'spentFuel', 'volume', (r) => r.spentFuel, { total: 'sum' }),
    col(t, 'refuelled', 'volume', (r) => r.refuelled, { total: 'sum' }),
    col(t, 'fuelThefts', 'volume', (r) => r.fuelThefts, { total: 'sum' }),
    col(t, 'positions', 'number', (r) => r.positions, { total: 'sum', pdf: false }),
  ];
}

export function geofenceColumns(t: ReportTexts): Column<ReportGeofence>[] {
  return [
    col(t, 'device', 'text', (r) => r.deviceName, { width: 1.3 }),
    col(t, 'geofence', 'text', (r) => r.geofenceName, { width: 1.3 }),
    col(t, 'startTime', 'time', (r) => r.startTime, { width: 1.4 }),
    col(t, 'endTime', 'time', (r) => r.endTime, { width: 1.4 }),
    col(t, 'duration', 'duration', (r) => r.duration, { total: 'sum' }),
  ];
}

/** Kinds of the chart's series that have a unit to convert; any other numeric field or attribute is a number. */
const SERIES_KINDS: Record<string, ColumnKind> = {
  speed: 'speed',
  obdSpeed: 'number',
  distance: 'distance',
  totalDistance: 'distance',
  odometer: 'distance',
  hours: 'duration',
};
const POSITION_FIELDS = new Set(['speed', 'altitude', 'course', 'accuracy', 'latitude', 'longitude']);
const isTextKey = (key: string): key is ColumnTextKey => (COLUMN_TEXT_KEYS as readonly string[]).includes(key);

/** The chart report: the time and each chosen series (a position field such as speed, or an attribute key). */
export function chartColumns(t: ReportTexts, series: readonly string[], names: ReportNames = {}): Column<Position>[] {
  const columns: Column<Position>[] = [
    col(t, 'time', 'time', (p) => p.fixTime, { width: 1.6 }),
    col(t, 'device', 'text', (p) => named(names.devices, p.deviceId), { width: 1.3 }),
  ];
  for (const key of new Set(series)) {
    const field = POSITION_FIELDS.has(key);
    columns.push({
      key: `series.${key}`,
      header: isTextKey(key) ? t.columns[key] : key,
      kind: SERIES_KINDS[key] ?? 'number',
      value: (p) => (field ? p[key as keyof Position] : p.attributes[key]),
    });
  }
  return columns;
}

/** A combined report's row: one event of a device, with its position when it has one. */
export interface CombinedRow {
  deviceId: number;
  event: Event;
  position: Position | null;
}

/** The combined report's items as rows, one per event (the route line stays on the map, not in the table). */
export function* combinedRows(items: Iterable<CombinedReportItem>): Generator<CombinedRow> {
  for (const item of items) {
    const positions = new Map(item.positions.map((p) => [p.id, p]));
    for (const event of item.events) {
      yield { deviceId: item.deviceId, event, position: positions.get(event.positionId ?? -1) ?? null };
    }
  }
}

export function combinedColumns(t: ReportTexts, names: ReportNames = {}): Column<CombinedRow>[] {
  return [
    col(t, 'time', 'time', (r) => r.event.eventTime, { width: 1.4 }),
    col(t, 'device', 'text', (r) => named(names.devices, r.deviceId), { width: 1.3 }),
    col(t, 'type', 'text', (r) => eventTypeText(t, r.event.type), { width: 1.5 }),
    col(t, 'coordinates', 'coordinates', (r) => (r.position ? [r.position.latitude, r.position.longitude] : null), {
      width: 2,
    }),
    col(t, 'speed', 'speed', (r) => r.position?.speed),
    col(t, 'address', 'text', (r) => r.position?.address, { width: 2.4 }),
  ];
}
