import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { CellFormat } from './cell-format';
import type { Column, ReportDocument } from './report-document';
import { Totals } from './report-document';
import { fill, reportTexts } from './texts/report-texts';
import { breathe, waitForDrain } from './write-stream';

// PDF's standard fonts cover Latin-1 only: Greek (and any device's name) needs an embedded Unicode font.
const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const MARGIN = 36;
const FONT_SIZE = 7.5;
const ROW_HEIGHT = 13;
const PAD = 3;
/** pdfkit keeps what the reader has not taken yet; past this the writer waits. */
const BUFFERED = 1024 * 1024;

/**
 * Empties the fonts' caches of laid-out words. pdfkit keeps every distinct word it has laid out for the life of
 * the document, and a report's words are mostly distinct (times, coordinates, addresses): a long export would
 * grow by tens of kilobytes a page. Kept within a page the cache still serves the headers and repeated names;
 * turning it off (`fontLayoutCache: false`) made a long export three times slower. This reaches into pdfkit's
 * font table; the PDF memory test guards it.
 */
function forgetLayouts(pdf: PDFKit.PDFDocument): void {
  const fonts = (pdf as unknown as { _fontFamilies?: Record<string, { layoutCache?: object }> })._fontFamilies;
  for (const font of Object.values(fonts ?? {})) {
    if (font.layoutCache) font.layoutCache = Object.create(null);
  }
}

/**
 * The report as a PDF table, streamed page by page: a heading (title, period, generated time) on the first page,
 * the header row repeated on every page, a page number at each page's foot, a totals row at the end. A cell is
 * one line; what does not fit ends in an ellipsis. Columns marked `pdf: false` are left out (a page has no room).
 */
export async function renderPdf<Row>(doc: ReportDocument<Row>, out: Writable): Promise<void> {
  const format = new CellFormat(doc.preferences, reportTexts(doc.preferences.language));
  const t = format.texts;
  const pdf = new PDFDocument({
    size: 'A4',
    layout: doc.orientation ?? 'landscape',
    margin: MARGIN,
    lang: t.locale,
    info: { Title: doc.title, Creator: 'Waymark' },
  });
  pdf.registerFont('regular', FONT).registerFont('bold', BOLD);
  const finished = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
    pdf.on('error', reject);
  });
  pdf.pipe(out);

  const columns = doc.columns.filter((c) => c.pdf !== false);
  const left = MARGIN;
  const width = pdf.page.width - 2 * MARGIN;
  const headers = columns.map((c) => format.header(c));
  // A time column is as wide as a time (it is never cut), any other as its header's longest word (headers wrap
  // between words, not inside one); what is left is shared by the columns' relative widths.
  pdf.font('regular').fontSize(FONT_SIZE);
  const timeWidth = pdf.widthOfString(format.displayTime(new Date(Date.UTC(2026, 11, 28, 23, 58, 58))));
  pdf.font('bold');
  const least = columns.map((c, i) => {
    const words = (headers[i] ?? '').split(/\s+/).map((word) => pdf.widthOfString(word));
    return Math.max(c.kind === 'time' ? timeWidth : 0, ...words) + 2 * PAD + 1;
  });
  const weight = columns.reduce((sum, c) => sum + (c.kind === 'time' ? 0 : (c.width ?? 1)), 0);
  const spare = Math.max(width - least.reduce((sum, w) => sum + w, 0), 0);
  const widths = columns.map((c, i) => (least[i] ?? 0) + (c.kind === 'time' ? 0 : (spare * (c.width ?? 1)) / weight));
  const bottom = () => pdf.page.height - MARGIN - 14;
  let page = 1;

  const footer = () => {
    // the foot lies in the bottom margin: lift the margin while writing it, or pdfkit would start a new page
    const margin = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    pdf.font('regular').fontSize(7).fillColor('#555555');
    pdf.text(fill(t.page, { page }), left, pdf.page.height - MARGIN + 4, { width, align: 'right', lineBreak: false });
    pdf.page.margins.bottom = margin;
    pdf.fillColor('black');
  };
  const line = (cells: string[], y: number, font: 'regular' | 'bold', shade?: string) => {
    if (shade) pdf.rect(left, y, width, ROW_HEIGHT).fill(shade).fillColor('black');
    pdf.font(font).fontSize(FONT_SIZE);
    let x = left;
    cells.forEach((text, i) => {
      const w = widths[i] ?? 0;
      pdf.text(text, x + PAD, y + 3, { width: w - 2 * PAD, height: FONT_SIZE + 2, ellipsis: true, lineBreak: false });
      x += w;
    });
  };
  // the header row is as tall as its tallest header, measured once
  pdf.font('bold').fontSize(FONT_SIZE);
  const headerHeight =
    Math.max(...headers.map((h, i) => pdf.heightOfString(h, { width: (widths[i] ?? 0) - 2 * PAD })), FONT_SIZE) + 6;
  const headerRow = (y: number) => {
    pdf.rect(left, y, width, headerHeight).fill('#e8ecf1').fillColor('black');
    pdf.font('bold').fontSize(FONT_SIZE);
    let x = left;
    headers.forEach((text, i) => {
      const w = widths[i] ?? 0;
      pdf.text(text, x + PAD, y + 3, { width: w - 2 * PAD });
      x += w;
    });
    return y + headerHeight;
  };

  pdf.font('bold').fontSize(16).text(doc.title, left, MARGIN);
  pdf.font('regular').fontSize(9);
  if (doc.period) {
    const from = format.displayTime(new Date(doc.period.from));
    pdf.text(fill(t.period, { from, to: format.displayTime(new Date(doc.period.to)) }));
  }
  pdf.text(fill(t.generated, { time: format.displayTime(doc.generatedAt) }));
  const tableTop = pdf.y + 8;
  footer();
  let y = headerRow(tableTop);

  const nextLine = () => {
    if (y + ROW_HEIGHT <= bottom()) return;
    forgetLayouts(pdf);
    pdf.addPage();
    page += 1;
    footer();
    y = headerRow(MARGIN);
  };
  const cellsOf = (row: Row) => columns.map((c: Column<Row>) => format.text(c.kind, c.value(row), 'display'));

  const totals = doc.totals ? new Totals(doc.columns) : null;
  let count = 0;
  for await (const row of doc.rows) {
    totals?.add(row);
    nextLine();
    if (count % 2 === 1) pdf.rect(left, y, width, ROW_HEIGHT).fill('#f6f8fa').fillColor('black');
    line(cellsOf(row), y, 'regular');
    y += ROW_HEIGHT;
    if (++count % 200 === 0) {
      if (out.writableNeedDrain) await waitForDrain(out);
      else if (pdf.readableLength > BUFFERED) await breathe();
    }
  }
  if (count === 0) {
    nextLine();
    pdf
      .font('regular')
      .fontSize(9)
      .text(t.noRows, left + PAD, y + 4);
  }
  if (totals) {
    nextLine();
    const cells = totals.cells();
    const texts = columns.map((c, i) => {
      const total = cells.get(c.key);
      if (total === null || total === undefined) return i === 0 ? t.totals : '';
      return format.text(c.kind, total, 'display');
    });
    line(texts, y, 'bold', '#e8ecf1');
  }
  pdf.end();
  await finished;
}
