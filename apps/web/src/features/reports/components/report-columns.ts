import type { Event } from '@waymark/contracts/event';
import type { TFunction } from 'i18next';
import { eventTypeLabel } from '../../alerts/event-label';
import { type ReportFormatters, sumOf } from '../use-report-format';
import type { ReportColumn } from './report-table';

/**
 * A column of one measure (a distance, a duration, a speed, a volume) shown in the user's units and sorted by its
 * raw value. Given the rows, it adds the measure up in the footer; averages and maxima are given none.
 */
export function measureColumn<R>(
  id: string,
  label: string,
  value: (row: R) => number,
  format: (n: number) => string,
  totalOver?: readonly R[],
): ReportColumn<R> {
  return {
    id,
    label,
    sortValue: value,
    render: (row) => format(value(row)),
    ...(totalOver ? { total: format(sumOf(totalOver, value)) } : {}),
  };
}

/** The device's name, as the report rows carry it. */
export const deviceColumn = <R extends { deviceName: string }>(t: TFunction<'reports'>): ReportColumn<R> => ({
  id: 'device',
  label: t('col.device'),
  sortValue: (r) => r.deviceName,
});

/** A time of the row in the user's language and zone, sorted by the ISO text (which sorts as the time does). */
export const timeColumn = <R>(
  id: string,
  label: string,
  value: (row: R) => string | null,
  f: ReportFormatters,
): ReportColumn<R> => ({ id, label, sortValue: value, render: (r) => f.time(value(r)) });

/** The average and top speed of a trip or a summary row. */
export const speedColumns = <R extends { averageSpeed: number; maxSpeed: number }>(
  t: TFunction<'reports'>,
  f: ReportFormatters,
): ReportColumn<R>[] => [
  measureColumn('avg', t('col.averageSpeed'), (r) => r.averageSpeed, f.speed),
  measureColumn('max', t('col.maxSpeed'), (r) => r.maxSpeed, f.speed),
];

/** Fuel spent and refuels (litres and how many) of a trip or a stop, both added up in the footer. */
export const fuelColumns = <R extends { spentFuel: number; refuelled: number; refuels: readonly unknown[] }>(
  t: TFunction<'reports'>,
  f: ReportFormatters,
  rows: readonly R[],
): ReportColumn<R>[] => [
  measureColumn('fuel', t('col.spentFuel'), (r) => r.spentFuel, f.volume, rows),
  {
    ...measureColumn('refuels', t('col.refuels'), (r) => r.refuelled, f.volume, rows),
    render: (r) => (r.refuels.length ? `${f.volume(r.refuelled)} (${r.refuels.length})` : '—'),
  },
];

/** An event's row and marker key. */
export const eventKey = (event: Event) => String(event.id);

/** The events table of the events and combined reports: when, which device, what, and the alarm if any. */
export const eventColumns = (
  t: TFunction<'reports'>,
  tAlerts: TFunction<'alerts'>,
  f: ReportFormatters,
  nameOf: (deviceId: number) => string,
): ReportColumn<Event>[] => [
  timeColumn('time', t('col.time'), (e) => e.eventTime, f),
  { id: 'device', label: t('col.device'), sortValue: (e) => nameOf(e.deviceId) },
  { id: 'type', label: t('col.type'), sortValue: (e) => eventTypeLabel(tAlerts, e.type) },
  {
    id: 'alarm',
    label: t('col.alarm'),
    sortValue: (e) => (typeof e.attributes.alarm === 'string' ? e.attributes.alarm : null),
  },
];

/** The nearest point of interest of a row (a name from the server, within 500 m; a dash when none is near). */
export function poiColumn<R>(id: string, label: string, poi: (row: R) => string | null): ReportColumn<R> {
  return { id, label, sortValue: poi, render: (r) => poi(r) ?? '—' };
}
