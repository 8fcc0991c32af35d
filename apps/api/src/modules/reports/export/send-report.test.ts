import type { ReportGeofence } from '@waymark/contracts/report';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notFound } from '../../../http-error';
import { GREEK_READER } from './export.test-kit';
import { exportFormat, sendReport } from './send-report';

const period = { from: '2026-11-21T00:00:00Z', to: '2026-11-22T00:00:00Z' };
const visit: ReportGeofence = {
  deviceId: 1,
  deviceName: 'Van 7',
  geofenceId: 2,
  geofenceName: 'Depot',
  startTime: '2026-11-21T08:00:00Z',
  endTime: '2026-11-21T09:30:00Z',
  duration: 5_400_000,
};

/** A visit at a time, as a database cursor would give them; `fail` throws as a query of a hidden device would. */
async function* visits(fail: boolean) {
  if (fail) throw notFound('Device not found');
  yield visit;
  yield { ...visit, geofenceName: 'Port', duration: 1_800_000 };
}

// a bare Fastify app with one report route wired the way /api/reports/* wire these two functions
const app = Fastify();
beforeAll(async () => {
  app.get<{ Querystring: { fail?: string } }>('/api/reports/geofences/:suffix?', async (req, reply) => {
    const format = exportFormat(req);
    if (!format) return [visit];
    return sendReport(reply, {
      type: 'geofences',
      format,
      preferences: GREEK_READER,
      period,
      rows: visits(req.query.fail === 'true'),
    });
  });
  await app.ready();
});
afterAll(() => app.close());

describe('sendReport', () => {
  it('streams the XLSX with its type, name and rows', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/reports/geofences/xlsx' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="geofences-2026-11-21-2026-11-22.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getCell('A1').value).toBe('Γεωφράχτες');
    expect(sheet?.getRow(7).getCell(2).value).toBe('Port');
    expect(sheet?.getRow(8).getCell(1).value).toBe('Σύνολο');
  });

  it('answers CSV for the Accept header, and JSON when nothing asks for a file', async () => {
    const csv = await app.inject({ method: 'GET', url: '/api/reports/geofences', headers: { accept: 'text/csv' } });
    expect(csv.headers['content-type']).toBe('text/csv');
    const [header, first]: string[][] = parse(csv.rawPayload, { bom: true });
    expect(header).toEqual(['Συσκευή', 'Γεωφράχτης', 'Έναρξη', 'Λήξη', 'Διάρκεια']);
    expect(first).toEqual(['Van 7', 'Depot', '2026-11-21 10:00:00', '2026-11-21 11:30:00', '1:30:00']);
    const json = await app.inject({ method: 'GET', url: '/api/reports/geofences' });
    expect(json.json()).toEqual([visit]);
  });

  it('reads the first row before answering, so a query that fails at once is an HTTP error, not a broken file', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/reports/geofences/pdf?fail=true' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-disposition']).toBeUndefined();
  });
});
