import type { Writable } from 'node:stream';
import type { Position } from '@waymark/contracts/device';
import type { Event } from '@waymark/contracts/event';
import type {
  CombinedReportItem,
  ReportFormat,
  ReportGeofence,
  ReportStop,
  ReportSummary,
  ReportTrip,
  ReportType,
} from '@waymark/contracts/report';
import { renderCsv } from './csv-renderer';
import type { ExportPreferences } from './export-preferences';
import { renderPdf } from './pdf-renderer';
import type { CombinedRow, ReportNames } from './report-columns';
import {
  chartColumns,
  combinedColumns,
  combinedRows,
  eventColumns,
  geofenceColumns,
  routeColumns,
  stopColumns,
  summaryColumns,
  tripColumns,
} from './report-columns';
import type { Column, ReportDocument } from './report-document';
import { reportTexts } from './texts/report-texts';
import { renderXlsx } from './xlsx-renderer';

/** The row each report type exports: the contract's JSON row of that report. */
export interface ReportRowTypes {
  route: Position;
  events: Event;
  trips: ReportTrip;
  stops: ReportStop;
  summary: ReportSummary;
  chart: Position;
  combined: CombinedReportItem;
  geofences: ReportGeofence;
}

type Rows<R> = Iterable<R> | AsyncIterable<R>;

/** What a report export needs besides its format. */
export interface ReportExportInput<T extends ReportType> {
  type: T;
  preferences: ExportPreferences;
  period: { from: Date | string; to: Date | string };
  /** the rows as the JSON report gives them; an async iterable is streamed and never held whole */
  rows: Rows<ReportRowTypes[T]>;
  /** names of the devices, geofences and maintenances that rows name by id (route, events, chart, combined) */
  names?: ReportNames;
  /** the chart report's series: position fields (speed, altitude, course, accuracy) or attribute keys */
  series?: readonly string[];
  generatedAt?: Date;
}

async function* flattenCombined(items: Rows<CombinedReportItem>): AsyncGenerator<CombinedRow> {
  for await (const item of items) yield* combinedRows([item]);
}

/** The columns and rows of a report type, in the reader's language. */
function columnsAndRows<T extends ReportType>(
  input: ReportExportInput<T>,
): { columns: Column<unknown>[]; rows: Rows<unknown>; totals: boolean } {
  const t = reportTexts(input.preferences.language);
  const names = input.names ?? {};
  const rows = input.rows as Rows<unknown>;
  const as = <R>(columns: Column<R>[], totals = false) => ({ columns: columns as Column<unknown>[], rows, totals });
  switch (input.type) {
    case 'route':
      return as(routeColumns(t, names));
    case 'chart':
      return as(chartColumns(t, input.series ?? ['speed'], names));
    case 'events':
      return as(eventColumns(t, names));
    case 'trips':
      return as(tripColumns(t), true);
    case 'stops':
      return as(stopColumns(t), true);
    case 'summary':
      return as(summaryColumns(t), true);
    case 'geofences':
      return as(geofenceColumns(t), true);
    default: {
      const combined = flattenCombined(input.rows as Rows<CombinedReportItem>);
      return { columns: combinedColumns(t, names) as Column<unknown>[], rows: combined, totals: false };
    }
  }
}

/** A report of one of the API's types as a format-neutral document (title, period, columns, rows, totals). */
export function reportDocument<T extends ReportType>(input: ReportExportInput<T>): ReportDocument<unknown> {
  const t = reportTexts(input.preferences.language);
  const { columns, rows, totals } = columnsAndRows(input);
  return {
    title: t.titles[input.type],
    period: input.period,
    generatedAt: input.generatedAt ?? new Date(),
    preferences: input.preferences,
    columns,
    rows,
    totals,
  };
}

const RENDERERS: Record<ReportFormat, (doc: ReportDocument<unknown>, out: Writable) => Promise<void>> = {
  xlsx: renderXlsx,
  pdf: renderPdf,
  csv: renderCsv,
};

/** Writes a document in a format to `out` and ends it; a download, a preview and a mailed report all call this. */
export function renderReport<Row>(format: ReportFormat, doc: ReportDocument<Row>, out: Writable): Promise<void> {
  return RENDERERS[format](doc as ReportDocument<unknown>, out);
}
