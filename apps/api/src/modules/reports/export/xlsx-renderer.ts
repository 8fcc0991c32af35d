import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { CellFormat } from './cell-format';
import type { ReportDocument } from './report-document';
import { Totals } from './report-document';
import { fill, reportTexts } from './texts/report-texts';
import { breathe, waitForDrain } from './write-stream';

/** Rows above the table: title, period, generated time, a blank line. */
const HEAD_ROWS = 4;

/** The part of a readable-stream v2 Writable (what archiver hands exceljs) that tells it is full. */
interface LegacyWritable {
  _writableState?: { needDrain?: boolean };
  once(event: 'drain', listener: () => void): unknown;
}

/**
 * The stream that carries the sheet into the zip. exceljs writes rows into it without waiting (its buffer ignores
 * back-pressure), and it is an older stream kind without `writableNeedDrain`, so the renderer reads its state and
 * waits for it. This reaches into exceljs's streaming writer (the sheet's stream and that stream's pipe); the
 * memory test of the 100,000-row export guards it.
 */
function sheetCompressor(sheet: unknown): LegacyWritable | undefined {
  return (sheet as { stream?: { pipes?: LegacyWritable[] } }).stream?.pipes?.[0];
}

/**
 * The report as an XLSX workbook of one sheet, streamed: each row is committed (compressed and written) as it
 * comes, shared strings are off (they would keep every text until the end), and the writer waits for the reader
 * between batches. Values are typed: dates in the reader's zone, durations as [h]:mm:ss, measures as numbers in the
 * reader's units (the unit is in the header).
 */
export async function renderXlsx<Row>(doc: ReportDocument<Row>, out: Writable): Promise<void> {
  const format = new CellFormat(doc.preferences, reportTexts(doc.preferences.language));
  const t = format.texts;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
    // the fastest deflate: an export is downloaded once, and time spent squeezing it is time the reader waits
    zip: { zlib: { level: 1 } },
  });
  workbook.creator = 'Waymark';
  workbook.created = doc.generatedAt;
  const sheet = workbook.addWorksheet(doc.title.slice(0, 31).replace(/[\\/?*[\]:]/g, ' ') || 'Report', {
    views: [{ state: 'frozen', ySplit: HEAD_ROWS + 1 }],
  });
  sheet.columns = doc.columns.map((c) => ({ key: c.key, width: Math.max(12, Math.round(14 * (c.width ?? 1))) }));

  const title = sheet.addRow([doc.title]);
  title.font = { bold: true, size: 14 };
  title.commit();
  const period = doc.period
    ? fill(t.period, {
        from: format.displayTime(new Date(doc.period.from)),
        to: format.displayTime(new Date(doc.period.to)),
      })
    : '';
  sheet.addRow([period]).commit();
  sheet.addRow([fill(t.generated, { time: format.displayTime(doc.generatedAt) })]).commit();
  sheet.addRow([]).commit();
  const header = sheet.addRow(doc.columns.map((c) => format.header(c)));
  header.font = { bold: true };
  header.commit();

  const totals = doc.totals ? new Totals(doc.columns) : null;
  let count = 0;
  for await (const item of doc.rows) {
    totals?.add(item);
    const row = sheet.addRow([]);
    doc.columns.forEach((column, i) => {
      const { value, numFmt } = format.sheet(column.kind, column.value(item));
      if (value === null) return;
      const cell = row.getCell(i + 1);
      cell.value = value;
      if (numFmt) cell.numFmt = numFmt;
    });
    row.commit();
    if (++count % 500 === 0) {
      await waitForDrain(out);
      const compressor = sheetCompressor(sheet);
      if (compressor?._writableState?.needDrain)
        await new Promise<void>((resolve) => compressor.once('drain', () => resolve()));
      await breathe();
    }
  }
  if (totals) {
    const cells = totals.cells();
    const row = sheet.addRow([]);
    row.font = { bold: true };
    doc.columns.forEach((column, i) => {
      const total = cells.get(column.key);
      const cell = row.getCell(i + 1);
      if (total === null || total === undefined) {
        if (i === 0) cell.value = t.totals;
        return;
      }
      const { value, numFmt } = format.sheet(column.kind, total);
      cell.value = value;
      if (numFmt) cell.numFmt = numFmt;
    });
    row.commit();
  }
  sheet.commit();
  await workbook.commit();
}
