import type { ReportTrip } from '@waymark/contracts/report';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { ENGLISH_READER, GREEK_READER, rendered } from './export.test-kit';
import type { ReportDocument } from './report-document';
import { reportDocument } from './report-export';

function trip(overrides: Partial<ReportTrip> = {}): ReportTrip {
  return {
    deviceId: 1,
    deviceName: 'Van 7',
    startPositionId: 1,
    endPositionId: 2,
    startTime: '2026-11-21T10:00:00.000Z',
    endTime: '2026-11-21T11:00:00.000Z',
    startLat: 37.975,
    startLon: 23.7348,
    endLat: 38,
    endLon: 23.8,
    startAddress: 'Syntagma, Athens',
    endAddress: null,
    startPoi: null,
    endPoi: null,
    startOdometer: 1000,
    endOdometer: 17093.44,
    distance: 16093.44,
    duration: 3_600_000,
    maxSpeed: 50,
    averageSpeed: 8.68976,
    spentFuel: 3.785411784,
    refuelled: 0,
    idleTime: 600_000,
    engineHours: 3_600_000,
    driverUniqueId: 'drv-1',
    driverName: null,
    refuels: [],
    ...overrides,
  };
}

const period = { from: '2026-11-21T00:00:00Z', to: '2026-11-21T23:59:59Z' };
const trips = (preferences = GREEK_READER, rows: ReportTrip[] = [trip(), trip({ distance: 8046.72, maxSpeed: 70 })]) =>
  reportDocument({ type: 'trips', preferences, period, rows, generatedAt: new Date('2026-11-22T08:00:00Z') });

async function sheetOf(doc: ReportDocument) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await rendered('xlsx', doc)) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

describe('XLSX', () => {
  it("writes headers in the reader's language with units, values converted and typed, and totals", async () => {
    const sheet = await sheetOf(trips());
    expect(sheet.getCell('A1').value).toBe('Ταξίδια');
    expect(sheet.getCell('A2').value).toBe('Περίοδος: 21/11/2026, 02:00:00 – 22/11/2026, 01:59:59');
    const header = (sheet.getRow(5).values as unknown[]).slice(1);
    expect(header).toContain('Απόσταση (mi)');
    expect(header).toContain('Μέγιστη ταχύτητα (mph)');
    expect(header).toContain('Κατανάλωση καυσίμου (US gal)');
    const at = (name: string, row: number) => sheet.getRow(row).getCell(header.indexOf(name) + 1);
    expect(at('Απόσταση (mi)', 6).value).toBeCloseTo(10, 6);
    // in the reader's unit, to three decimals
    expect(at('Μέγιστη ταχύτητα (mph)', 6).value).toBe(57.539);
    expect(at('Κατανάλωση καυσίμου (US gal)', 6).value).toBeCloseTo(1, 6);
    // 10:00 UTC is noon in Athens in November: the sheet shows the reader's wall clock
    const start = at('Έναρξη', 6);
    expect(start.value).toEqual(new Date('2026-11-21T12:00:00.000Z'));
    expect(start.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    // a duration is a time of day to the reader (exceljs reads it back as one): an hour after Excel's day zero
    expect(at('Διάρκεια', 6).value).toEqual(new Date(Date.UTC(1899, 11, 30, 1)));
    expect(at('Διάρκεια', 6).numFmt).toBe('[h]:mm:ss');
    // no address: the coordinates in the reader's format
    expect(at('Διεύθυνση προορισμού', 6).value).toBe('38° 0′ 0.0″ N, 23° 48′ 0.0″ E');
    expect(at('Διεύθυνση αφετηρίας', 6).value).toBe('Syntagma, Athens');
    expect(sheet.getRow(8).getCell(1).value).toBe('Σύνολο');
    expect(at('Απόσταση (mi)', 8).value).toBeCloseTo(15, 6);
    expect(at('Μέγιστη ταχύτητα (mph)', 8).value).toBeCloseTo(70 * 1.150779, 3);
  });

  it('writes coordinates as numbers in decimal degrees and route attributes in their columns', async () => {
    const doc = reportDocument({
      type: 'route',
      preferences: ENGLISH_READER,
      period,
      names: { devices: new Map([[4, 'Truck']]) },
      rows: [
        {
          id: 1,
          deviceId: 4,
          protocol: 'osmand',
          serverTime: '2026-11-21T10:00:01Z',
          deviceTime: '2026-11-21T10:00:00Z',
          fixTime: '2026-11-21T10:00:00Z',
          outdated: false,
          valid: true,
          latitude: 48.8566,
          longitude: 2.3522,
          altitude: 35,
          speed: 10,
          course: 90,
          accuracy: 5,
          network: null,
          address: null,
          geofenceIds: [],
          attributes: { ignition: true, totalDistance: 12_500, hours: 7_200_000 },
        },
      ],
    });
    const sheet = await sheetOf(doc);
    const header = (sheet.getRow(5).values as unknown[]).slice(1);
    const at = (name: string) => sheet.getRow(6).getCell(header.indexOf(name) + 1).value;
    expect(at('Device')).toBe('Truck');
    expect(at('Latitude')).toBe(48.8566);
    expect(at('Speed (km/h)')).toBeCloseTo(18.52, 6);
    expect(at('Ignition')).toBe(true);
    expect(at('Total distance (km)')).toBeCloseTo(12.5, 6);
    expect(at('Engine hours')).toEqual(new Date(Date.UTC(1899, 11, 30, 2)));
  });
});

describe('PDF', () => {
  async function pdfText(doc: ReportDocument) {
    const { text, totalPages } = await extractText(new Uint8Array(await rendered('pdf', doc)), { mergePages: false });
    return { pages: text.map((p) => p.replace(/\s+/g, ' ')), totalPages };
  }

  it("writes the title, period, generated time, headers and values in the reader's language and units", async () => {
    const { pages } = await pdfText(trips());
    const text = pages.join(' ');
    expect(text).toContain('Ταξίδια');
    expect(text).toContain('Περίοδος: 21/11/2026, 02:00:00 – 22/11/2026, 01:59:59');
    expect(text).toContain('Δημιουργήθηκε στις 22/11/2026, 10:00:00');
    expect(text).toContain('Απόσταση (mi)');
    expect(text).toContain('Van 7');
    expect(text).toContain('21/11/2026, 12:00:00');
    expect(text).toContain('57,5');
    expect(text).toContain('80,6');
    expect(text).toMatch(/Σύνολο .*15 /);
    expect(text).toContain('1:00:00');
    expect(text).toContain('Σελίδα 1');
  });

  it('repeats the header row and numbers every page of a long table', async () => {
    const rows = Array.from({ length: 250 }, (_, i) => trip({ deviceName: `Car ${i}` }));
    const { pages, totalPages } = await pdfText(trips(ENGLISH_READER, rows));
    expect(totalPages).toBeGreaterThan(3);
    pages.forEach((page, i) => {
      expect(page).toContain('Distance (km)');
      expect(page).toContain(`Page ${i + 1}`);
    });
    expect(pages.join(' ')).toContain('Car 249');
  });

  it('says so when the period has no rows', async () => {
    const { pages } = await pdfText(trips(ENGLISH_READER, []));
    expect(pages[0]).toContain('Nothing in this period.');
  });
});

describe('CSV', () => {
  it('starts with a BOM, quotes as RFC 4180 says, and writes plain numbers in the reader’s units', async () => {
    const bytes = await rendered('csv', trips(GREEK_READER, [trip({ deviceName: 'Van "7", north\nside' })]));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const records: string[][] = parse(bytes, { bom: true });
    const [header = [], first = [], totals = []] = records;
    const at = (record: string[], name: string) => record[header.indexOf(name)];
    expect(at(first, 'Συσκευή')).toBe('Van "7", north\nside');
    expect(at(first, 'Απόσταση (mi)')).toBe('10');
    expect(at(first, 'Μέγιστη ταχύτητα (mph)')).toBe('57.5');
    expect(at(first, 'Έναρξη')).toBe('2026-11-21 12:00:00');
    expect(at(first, 'Διάρκεια')).toBe('1:00:00');
    expect(at(totals, 'Συσκευή')).toBe('Σύνολο');
    expect(records).toHaveLength(3);
    expect(bytes.toString('utf8')).toContain('\r\n');
  });

  it('keeps a text that a spreadsheet would run as a formula a text', async () => {
    const bytes = await rendered('csv', trips(ENGLISH_READER, [trip({ deviceName: '=HYPERLINK("x")' })]));
    const [header = [], first = []]: string[][] = parse(bytes, { bom: true });
    expect(first[header.indexOf('Device')]).toBe(`'=HYPERLINK("x")`);
  });
});
