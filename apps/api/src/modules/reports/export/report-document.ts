import type { ExportPreferences } from './export-preferences';

/**
 * What a cell holds, in the API's units; the renderers convert to the reader's units and write it their way:
 * - time: an ISO-8601 string or a Date (shown in the reader's time zone)
 * - duration: milliseconds · distance: metres · speed: knots · volume: litres
 * - latitude / longitude: degrees (in the reader's coordinate format)
 * - coordinates: a [latitude, longitude] pair, in one cell
 * - place: an address, or a [latitude, longitude] pair where there is none
 * - number, text, boolean: as they are
 */
export type ColumnKind =
  | 'time'
  | 'duration'
  | 'distance'
  | 'speed'
  | 'volume'
  | 'latitude'
  | 'longitude'
  | 'coordinates'
  | 'place'
  | 'number'
  | 'text'
  | 'boolean';

export interface Column<Row> {
  /** a stable name (the CSV's, the tests'), unique in the document */
  key: string;
  /** the header as the reader's language writes it, without the unit (the renderers add it) */
  header: string;
  kind: ColumnKind;
  /** the cell of a row; null or undefined for an empty cell */
  value: (row: Row) => unknown;
  /** how the totals row counts this column (only numeric kinds); absent: blank in the totals row */
  total?: 'sum' | 'max';
  /** relative width in a PDF table (1 by default) */
  width?: number;
  /** false: left out of the PDF, whose page has no room for every column (spreadsheets keep it) */
  pdf?: false;
}

/** A report, format-neutral: every renderer (XLSX, PDF, CSV) writes it the same way. */
export interface ReportDocument<Row = unknown> {
  title: string;
  /** the period the report covers; absent for a document of one thing (an alert) */
  period?: { from: Date | string; to: Date | string };
  /** when the document was made (the PDF's heading says so) */
  generatedAt: Date;
  preferences: ExportPreferences;
  columns: readonly Column<Row>[];
  /** streamed once, in order: an async source is never read whole */
  rows: Iterable<Row> | AsyncIterable<Row>;
  /** add a row of totals under the rows (sums and maxima of the columns that declare `total`) */
  totals?: boolean;
  /** a PDF page's orientation; wide tables want landscape (the default) */
  orientation?: 'landscape' | 'portrait';
}

/** Sums and maxima of the columns that declare them, kept while rows stream past. */
export class Totals<Row> {
  private readonly values = new Map<string, number>();

  constructor(private readonly columns: readonly Column<Row>[]) {}

  add(row: Row): void {
    for (const column of this.columns) {
      if (!column.total) continue;
      const value = column.value(row);
      if (typeof value !== 'number' || !Number.isFinite(value)) continue;
      const before = this.values.get(column.key);
      if (before === undefined) this.values.set(column.key, value);
      else this.values.set(column.key, column.total === 'sum' ? before + value : Math.max(before, value));
    }
  }

  /** The totals as cell values, by column key (null where a column has no total). */
  cells(): Map<string, number | null> {
    return new Map(this.columns.map((c) => [c.key, c.total ? (this.values.get(c.key) ?? 0) : null]));
  }
}
