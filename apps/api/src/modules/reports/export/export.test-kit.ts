import { Writable } from 'node:stream';
import type { ReportFormat } from '@waymark/contracts/report';
import type { ExportPreferences } from './export-preferences';
import type { ReportDocument } from './report-document';
import { renderReport } from './report-export';

/** A Greek reader in Athens who counts in miles, mph and US gallons, with coordinates in degrees-minutes-seconds. */
export const GREEK_READER: ExportPreferences = {
  speedUnit: 'mph',
  distanceUnit: 'mi',
  volumeUnit: 'usGal',
  timeZone: 'Europe/Athens',
  coordinateFormat: 'dms',
  language: 'el',
  twelveHour: false,
};

export const ENGLISH_READER: ExportPreferences = {
  speedUnit: 'kmh',
  distanceUnit: 'km',
  volumeUnit: 'ltr',
  timeZone: 'UTC',
  coordinateFormat: 'dd',
  language: 'en',
  twelveHour: false,
};

/** A document rendered into memory (tests only: real exports stream to the reply). */
export async function rendered<Row>(format: ReportFormat, doc: ReportDocument<Row>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(Buffer.from(chunk));
      done();
    },
  });
  await renderReport(format, doc, sink);
  return Buffer.concat(chunks);
}
