import type { SimImportRow } from '@waymark/contracts/sim';
import { SIM_IMPORT_MAX_ROWS } from '@waymark/contracts/sim';
import { parse } from 'csv-parse/sync';
import { badRequest } from '../../http-error';

/** The columns of a SIM card CSV file, and the headings each may have (compared without case, spaces or _). */
const COLUMNS = {
  iccid: ['iccid'],
  msisdn: ['msisdn', 'phone', 'phonenumber', 'number'],
  imsi: ['imsi'],
  vendor: ['vendor', 'carrier', 'operator'],
  status: ['status'],
  dataPlan: ['dataplan', 'plan'],
  activatedAt: ['activation', 'activated', 'activatedat', 'activationdate'],
  expiresAt: ['expiry', 'expires', 'expiresat', 'expirydate', 'expiration'],
} as const;
type Column = keyof typeof COLUMNS;

const normalize = (heading: string) => heading.toLowerCase().replace(/[^a-z]/g, '');

function columnOf(heading: string): Column | undefined {
  const key = normalize(heading);
  return (Object.keys(COLUMNS) as Column[]).find((c) => (COLUMNS[c] as readonly string[]).includes(key));
}

/**
 * The rows of a SIM card CSV file as text (no checks yet): the first line names the columns, in any order;
 * commas or semicolons separate the fields. A file without an ICCID column, or with more rows than one import
 * takes, is refused as a whole.
 */
export function readSimCsv(csv: string): Omit<SimImportRow, 'problems'>[] {
  let records: string[][];
  try {
    records = parse(csv, {
      bom: true,
      delimiter: [',', ';'],
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    }) as string[][];
  } catch (error) {
    throw badRequest(`The file is not valid CSV: ${(error as Error).message}`);
  }
  const [header, ...body] = records;
  if (!header) throw badRequest('The file is empty');
  const columns = header.map(columnOf);
  if (!columns.includes('iccid')) throw badRequest('The file has no ICCID column');
  if (body.length === 0) throw badRequest('The file has no rows');
  if (body.length > SIM_IMPORT_MAX_ROWS)
    throw badRequest(`At most ${SIM_IMPORT_MAX_ROWS} rows can be imported at once`);
  return body.map((record, index) => {
    const row = {
      line: index + 2,
      iccid: '',
      msisdn: '',
      imsi: '',
      vendor: '',
      status: '',
      dataPlan: '',
      activatedAt: '',
      expiresAt: '',
    };
    columns.forEach((column, i) => {
      if (column) row[column] = (record[i] ?? '').slice(0, 256);
    });
    return row;
  });
}
