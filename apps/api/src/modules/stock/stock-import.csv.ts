import { STOCK_IMPORT_MAX_ROWS, type StockImportRow } from '@waymark/contracts/stock-device';
import { parse } from 'csv-parse/sync';
import { badRequest } from '../../http-error';

/**
 * The bulk upload's CSV: a header row naming the columns (any case, any order; `imei`, `uniqueId` and
 * `identifier` are the same column, `expiry` may also be `expirationTime`), then one device a line. Only the
 * IMEI column is required; columns it does not know are ignored.
 */

/** A CSV line as read: the texts of the known columns, trimmed, null when empty. */
export interface CsvDevice {
  line: number;
  imei: string;
  name: string | null;
  model: string | null;
  iccid: string | null;
  vendor: string | null;
  phone: string | null;
  expiry: string | null;
}

const ALIASES: Record<string, keyof Omit<CsvDevice, 'line'>> = {
  imei: 'imei',
  uniqueid: 'imei',
  identifier: 'imei',
  name: 'name',
  model: 'model',
  iccid: 'iccid',
  sim: 'iccid',
  vendor: 'vendor',
  phone: 'phone',
  expiry: 'expiry',
  expirationtime: 'expiry',
};

export const NO_IMEI_COLUMN = 'The CSV needs a header row with an IMEI column';
export const TOO_MANY_ROWS = `The CSV may have at most ${STOCK_IMPORT_MAX_ROWS.toLocaleString('en')} rows`;

export function readCsv(csv: string): CsvDevice[] {
  let records: string[][];
  try {
    records = parse(csv, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      to_line: STOCK_IMPORT_MAX_ROWS + 2,
    }) as string[][];
  } catch (err) {
    throw badRequest(`The CSV cannot be read: ${(err as Error).message}`);
  }
  const [header, ...rows] = records;
  const columns = (header ?? []).map((h) => ALIASES[h.toLowerCase().replace(/[\s_-]/g, '')]);
  if (!columns.includes('imei')) throw badRequest(NO_IMEI_COLUMN);
  if (rows.length > STOCK_IMPORT_MAX_ROWS) throw badRequest(TOO_MANY_ROWS);
  return rows.map((cells, i) => {
    const row: CsvDevice = {
      line: i + 2,
      imei: '',
      name: null,
      model: null,
      iccid: null,
      vendor: null,
      phone: null,
      expiry: null,
    };
    columns.forEach((column, c) => {
      const value = cells[c]?.trim();
      if (column && value) (row as unknown as Record<string, string>)[column] = value;
    });
    return row;
  });
}

const REPORT_COLUMNS = [
  'line',
  'imei',
  'name',
  'model',
  'iccid',
  'vendor',
  'phone',
  'expiry',
  'status',
  'deviceId',
  'problems',
] as const;

function cell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  // a leading = + - @ would run as a formula in a spreadsheet
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The per-row report as CSV text, one line a row, the problems joined by semicolons. */
export function renderReport(rows: StockImportRow[]): string {
  const lines = [REPORT_COLUMNS.join(',')];
  for (const r of rows) {
    lines.push(REPORT_COLUMNS.map((c) => cell(c === 'problems' ? r.problems.join('; ') : r[c])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
