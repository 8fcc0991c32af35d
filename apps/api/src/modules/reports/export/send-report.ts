/**
 * Report downloads over HTTP: the two functions the /api/reports/* routes call.
 *
 *   exportFormat(req: FastifyRequest): ReportFormat | null
 *     The download format a request asks for, as Traccar reads it: a path ending in /xlsx, /pdf or /csv, else the
 *     Accept header (application/vnd.openxmlformats-officedocument.spreadsheetml.sheet → xlsx, application/pdf →
 *     pdf, text/csv → csv); null means the JSON report.
 *
 *   sendReport<T extends ReportType>(reply: FastifyReply, input: ReportExportInput<T> & { format: ReportFormat })
 *     : Promise<FastifyReply>
 *     Streams the report: Content-Type from REPORT_MIME, Content-Disposition
 *     `attachment; filename="<type>-<from>-<to>.<ext>"` (from and to as dates in the reader's time zone), the body
 *     rendered while the rows are read. `input` is { type, preferences, period: { from, to }, rows, names?,
 *     series?, generatedAt? } (report-export.ts); `rows` are the contract's JSON rows of the type, an array or an
 *     async iterable (read once; a cursor is never held whole). The first row is read before the headers go out, so
 *     an error the query throws at once (a 404 device, a 400 period) is still an HTTP error; check access before
 *     calling all the same. Return the promise's reply from the handler.
 *
 * Readers' preferences come from readerPreferences(ctx.db, auth.user) (export-preferences.ts); the names of the
 * devices, geofences and maintenances that rows carry by id from loadReportNames(auth, deviceIds) (report-names.ts).
 * A mailed report renders without HTTP: renderReport(format, reportDocument(input), writable) (report-export.ts).
 */
import type { ReportFormat, ReportType } from '@waymark/contracts/report';
import { REPORT_FORMATS, REPORT_MIME } from '@waymark/contracts/report';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CellFormat } from './cell-format';
import type { ReportDocument } from './report-document';
import type { ReportExportInput } from './report-export';
import { renderReport, reportDocument } from './report-export';
import { streamDownload } from './stream-download';
import { reportTexts } from './texts/report-texts';

/** The download format of a request: a /xlsx, /pdf or /csv path suffix, else the Accept header; null for JSON. */
export function exportFormat(req: Pick<FastifyRequest, 'url' | 'headers'>): ReportFormat | null {
  const path = req.url.split('?')[0] ?? '';
  const suffix = REPORT_FORMATS.find((f) => path.endsWith(`/${f}`));
  if (suffix) return suffix;
  const accept = (req.headers.accept ?? '').toLowerCase();
  return REPORT_FORMATS.find((f) => accept.includes(REPORT_MIME[f])) ?? null;
}

/** `<base>-<from>-<to>.<ext>`, from and to as the days they fall on in the reader's time zone. */
export function reportFileName(
  base: string,
  format: ReportFormat,
  doc: Pick<ReportDocument, 'period' | 'preferences'>,
) {
  if (!doc.period) return `${base}.${format}`;
  const cells = new CellFormat(doc.preferences, reportTexts(doc.preferences.language));
  const day = (at: Date | string) => cells.dataTime(new Date(at)).slice(0, 10);
  return `${base}-${day(doc.period.from)}-${day(doc.period.to)}.${format}`;
}

/** Reads the first row now (so a failing query fails before the response starts) and gives back all the rows. */
async function primed<Row>(rows: Iterable<Row> | AsyncIterable<Row>): Promise<Iterable<Row> | AsyncIterable<Row>> {
  if (!(Symbol.asyncIterator in rows)) return rows;
  const iterator = rows[Symbol.asyncIterator]();
  const first = await iterator.next();
  return {
    async *[Symbol.asyncIterator]() {
      try {
        if (first.done) return;
        yield first.value;
        for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
      } finally {
        await iterator.return?.();
      }
    },
  };
}

/** Streams a document as a download named `<fileBase>-<from>-<to>.<ext>` (the alert PDF is one). */
export async function sendDocument<Row>(
  reply: FastifyReply,
  format: ReportFormat,
  doc: ReportDocument<Row>,
  fileBase: string,
): Promise<FastifyReply> {
  const ready = { ...doc, rows: await primed(doc.rows) };
  return streamDownload(reply, {
    mime: REPORT_MIME[format],
    fileName: reportFileName(fileBase, format, doc),
    write: (out) => renderReport(format, ready, out),
  });
}

/** Streams a report of the API's types in the format (see the top of this file). */
export function sendReport<T extends ReportType>(
  reply: FastifyReply,
  input: ReportExportInput<T> & { format: ReportFormat },
): Promise<FastifyReply> {
  return sendDocument(reply, input.format, reportDocument(input), input.type);
}
