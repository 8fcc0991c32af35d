import type { Writable } from 'node:stream';
import { CellFormat } from './cell-format';
import type { ReportDocument } from './report-document';
import { Totals } from './report-document';
import { reportTexts } from './texts/report-texts';
import { breathe, finish, write } from './write-stream';

/** Excel opens a UTF-8 CSV as UTF-8 only when it starts with the byte order mark. */
const BOM = '\uFEFF';
const FLUSH_AT = 64 * 1024;

/**
 * One CSV field (RFC 4180): quoted when it holds a quote, a comma or a line break, quotes doubled. A text that a
 * spreadsheet would run as a formula (=, +, -, @ first) gets a leading apostrophe, so a device named
 * "=HYPERLINK(…)" stays a name.
 */
export function csvField(text: string, formulaSafe = false): string {
  const safe = formulaSafe && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvLine = (fields: readonly string[]) => `${fields.join(',')}\r\n`;

/**
 * The report as CSV: headers with units, values in the reader's units and time zone (plain numbers, times as
 * YYYY-MM-DD HH:mm:ss), a totals line when asked; CRLF line ends; written in chunks as rows arrive.
 */
export async function renderCsv<Row>(doc: ReportDocument<Row>, out: Writable): Promise<void> {
  const format = new CellFormat(doc.preferences, reportTexts(doc.preferences.language));
  const columns = doc.columns;
  const totals = doc.totals ? new Totals(columns) : null;
  let buffer = BOM + csvLine(columns.map((c) => csvField(format.header(c))));
  let count = 0;
  for await (const row of doc.rows) {
    totals?.add(row);
    buffer += csvLine(columns.map((c) => csvField(format.text(c.kind, c.value(row), 'data'), c.kind === 'text')));
    if (buffer.length >= FLUSH_AT) {
      await write(out, buffer);
      buffer = '';
    }
    if (++count % 2000 === 0) await breathe();
  }
  if (totals) {
    const cells = totals.cells();
    const fields = columns.map((c, i) => {
      const value = cells.get(c.key);
      if (value === null || value === undefined) return i === 0 ? csvField(format.texts.totals) : '';
      return csvField(format.text(c.kind, value, 'data'));
    });
    buffer += csvLine(fields);
  }
  await write(out, buffer);
  await finish(out);
}
