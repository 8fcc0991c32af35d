import type { Permission } from '@waymark/contracts/permissions';
import type { ReportStop, ReportSummary, ReportTrip } from '@waymark/contracts/report';
import ExcelJS from 'exceljs';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import type { Harness } from '../../testing/pipeline-harness';
import { BASE, createHarness, message } from '../../testing/pipeline-harness';

/**
 * A day of one car, minute by minute from 11:00: parked 30 min, a 40-minute drive north at 30 kn with a
 * 2-minute halt in it, parked 2 h (engine idling the first 10 min, 40 l refuelled), a 20-minute drive, parked
 * 30 min (240 positions).
 */
let h: Harness;
let car: { id: number; tenantId: number | null };
let headers: { authorization: string };
const KNOT_MPS = 0.514444;
const STEP_DEG = (30 * KNOT_MPS * 60) / 111_195; // a minute at 30 kn, in degrees of latitude

async function member(tenantId: number | null, permissions: Permission[]) {
  const user = await buildUser(h.t.ctx.db, { tenantId, permissions });
  return { authorization: (await signIn(h.t.app, user.email)).authorization };
}

beforeAll(async () => {
  h = await createHarness();
  car = await h.device('report-car');
  let lat = 52.5;
  let fuel = 60;
  const plan: { speed: number; ignition: boolean; refuel?: number }[] = [];
  for (let m = 0; m < 30; m++) plan.push({ speed: 0, ignition: false });
  for (let m = 0; m < 40; m++) plan.push({ speed: m === 20 || m === 21 ? 0 : 30, ignition: true });
  for (let m = 0; m < 120; m++) plan.push({ speed: 0, ignition: m < 10, refuel: m >= 60 && m < 64 ? 10 : 0 });
  for (let m = 0; m < 20; m++) plan.push({ speed: 30, ignition: true });
  for (let m = 0; m < 30; m++) plan.push({ speed: 0, ignition: false });
  const messages = plan.map((p, minute) => {
    if (p.speed > 0) {
      lat += STEP_DEG;
      fuel -= 0.1;
    }
    fuel += p.refuel ?? 0;
    return message('report-car', minute, {
      latitude: lat,
      speed: p.speed,
      attributes: { ignition: p.ignition, fuel: Math.round(fuel * 100) / 100, driverUniqueId: 'DRV-7' },
    });
  });
  for (let i = 0; i < messages.length; i += 25) await h.send(messages.slice(i, i + 25));
  await h.t.ctx.db.driver.create({ data: { name: 'Ada Driver', uniqueId: 'DRV-7', tenantId: car.tenantId } });
  headers = await member(car.tenantId, [
    'VIEW_TRIP_REPORTS',
    'VIEW_STOP_REPORTS',
    'VIEW_SUMMARY_REPORTS',
    'VIEW_ROUTE_REPORTS',
    'VIEW_EVENT_REPORTS',
  ]);
}, 60_000);
afterAll(() => h.close());

const at = (minute: number) => new Date(BASE + minute * 60_000).toISOString();
const day = `from=${at(-60)}&to=${at(24 * 60 - 61)}`;
async function get<T>(path: string, who = headers): Promise<T> {
  const res = await h.t.app.inject({ method: 'GET', url: `/api/reports/${path}`, headers: who });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

describe('GET /api/reports/trips', () => {
  it('gives the two drives (from the last place stood to the first stood again), the halt inside the first', async () => {
    const trips = await get<ReportTrip[]>(`trips?deviceId=${car.id}&${day}`);
    expect(trips.map((t) => [t.startTime, t.endTime])).toEqual([
      [at(29), at(70)],
      [at(189), at(210)],
    ]);
    const [first] = trips as [ReportTrip];
    expect(first.deviceName).toBe('report-car');
    expect(first.distance).toBeGreaterThan(38 * 30 * KNOT_MPS * 60 * 0.99);
    expect(first.distance).toBeLessThan(38 * 30 * KNOT_MPS * 60 * 1.01);
    expect(first.maxSpeed).toBe(30);
    expect(first.duration).toBe(41 * 60_000); // from where it stood to where it stands again
    expect(first.averageSpeed).toBeCloseTo(first.distance / 2460 / KNOT_MPS, 6);
    expect(first.spentFuel).toBeCloseTo(3.8, 5);
    expect(first.refuelled).toBe(0);
    expect([first.driverUniqueId, first.driverName]).toEqual(['DRV-7', 'Ada Driver']);
  });

  it('cuts a trip crossing the period’s edge to the positions inside it', async () => {
    const trips = await get<ReportTrip[]>(`trips?deviceId=${car.id}&from=${at(50)}&to=${at(60)}`);
    expect(trips.map((t) => [t.startTime, t.endTime])).toEqual([[at(50), at(60)]]);
  });
});

describe('GET /api/reports/stops', () => {
  it('gives the stops with idle time and the refuel', async () => {
    const stops = await get<ReportStop[]>(`stops?deviceId=${car.id}&${day}`);
    expect(stops.map((s) => [s.startTime, s.endTime])).toEqual([
      [at(0), at(29)],
      [at(70), at(189)],
      [at(210), at(239)],
    ]);
    const long = stops[1] as ReportStop;
    expect(long.idleTime).toBe(10 * 60_000);
    expect(long.refuelled).toBeCloseTo(40, 5);
    expect(long.refuels).toHaveLength(1);
    expect(long.refuels[0]?.time).toBe(at(130));
    expect(long.spentFuel).toBe(0);
  });

  it('names the nearest POI within 500 m of stops and trip ends, only for callers with VIEW_POIS', async () => {
    const tenantId = car.tenantId;
    const longStop = 52.5 + 38 * STEP_DEG;
    await h.t.ctx.db.poi.createMany({
      data: [
        { name: 'Yard far corner', latitude: 52.503, longitude: 13.4, tenantId }, // 334 m
        { name: 'Yard gate', latitude: 52.501, longitude: 13.4, tenantId }, // 111 m: the nearer one
        { name: 'Fuel station', latitude: longStop + 0.002, longitude: 13.4, category: 'fuel', tenantId },
        { name: 'Too far', latitude: 52.5 + 58 * STEP_DEG + 0.006, longitude: 13.4, tenantId }, // 667 m
      ],
    });
    const withPois = await member(tenantId, ['VIEW_STOP_REPORTS', 'VIEW_TRIP_REPORTS', 'VIEW_POIS']);
    const stops = await get<ReportStop[]>(`stops?deviceId=${car.id}&${day}`, withPois);
    expect(stops.map((s) => s.poi)).toEqual(['Yard gate', 'Fuel station', null]);
    const trips = await get<ReportTrip[]>(`trips?deviceId=${car.id}&${day}`, withPois);
    expect(trips.map((t) => [t.startPoi, t.endPoi])).toEqual([
      ['Yard gate', 'Fuel station'],
      ['Fuel station', null],
    ]);
    const without = await get<ReportStop[]>(`stops?deviceId=${car.id}&${day}`);
    expect(without.map((s) => s.poi)).toEqual([null, null, null]);
  });
});

describe('GET /api/reports/summary', () => {
  it('sums the day, and its days add up to the whole period (ragged edges folded from positions)', async () => {
    const [whole] = await get<ReportSummary[]>(`summary?deviceId=${car.id}&${day}`);
    expect(whole?.positions).toBe(240);
    expect(whole?.maxSpeed).toBe(30);
    expect(whole?.refuelled).toBeCloseTo(40, 5);
    expect(whole?.spentFuel).toBeCloseTo(5.8, 5);
    expect(whole?.idleTime).toBe(12 * 60_000); // the stop's 10 minutes and the 2-minute halt, engine on
    expect(whole?.movingTime).toBe(58 * 60_000);
    const trips = await get<ReportTrip[]>(`trips?deviceId=${car.id}&${day}`);
    expect(whole?.distance).toBeCloseTo(
      trips.reduce((s, t) => s + t.distance, 0),
      3,
    );
    // a ragged period: 11:07:30 to 14:13:20, and the same cut in two at 12:31:10
    const a = new Date(BASE + 7.5 * 60_000).toISOString();
    const m = new Date(BASE + 91 * 60_000 + 10_000).toISOString();
    const m1 = new Date(BASE + 91 * 60_000 + 10_001).toISOString();
    const b = new Date(BASE + 193 * 60_000 + 20_000).toISOString();
    const [all] = await get<ReportSummary[]>(`summary?deviceId=${car.id}&from=${a}&to=${b}`);
    const [left] = await get<ReportSummary[]>(`summary?deviceId=${car.id}&from=${a}&to=${m}`);
    const [right] = await get<ReportSummary[]>(`summary?deviceId=${car.id}&from=${m1}&to=${b}`);
    expect(all?.positions).toBe(186);
    expect((left?.positions ?? 0) + (right?.positions ?? 0)).toBe(186);
    expect((left?.distance ?? 0) + (right?.distance ?? 0)).toBeCloseTo(all?.distance ?? -1, 6);
    expect((left?.idleTime ?? 0) + (right?.idleTime ?? 0)).toBe(all?.idleTime);
    expect([all?.startTime, all?.endTime]).toEqual([at(8), at(193)]);
  });

  it('splits per local day with daily=true', async () => {
    const rows = await get<ReportSummary[]>(
      `summary?deviceId=${car.id}&daily=true&timezone=Asia/Kolkata&from=${at(-11 * 60)}&to=${at(36 * 60)}`,
    );
    // 11:00 UTC is 16:30 in Kolkata: the day's data spans 16:30 to 20:39 local, one local day
    expect(rows).toHaveLength(1);
    expect(rows[0]?.positions).toBe(240);
  });
});

describe('access', () => {
  it('refuses without the flag, hides another tenant’s device, checks the period', async () => {
    const noFlag = await member(car.tenantId, ['VIEW_EVENT_REPORTS']);
    const res = await h.t.app.inject({
      method: 'GET',
      url: `/api/reports/trips?deviceId=${car.id}&${day}`,
      headers: noFlag,
    });
    expect(res.statusCode).toBe(403);
    const other = await buildTenant(h.t.ctx.db);
    const stranger = await member(other.id, ['VIEW_TRIP_REPORTS']);
    const foreign = await h.t.app.inject({
      method: 'GET',
      url: `/api/reports/trips?deviceId=${car.id}&${day}`,
      headers: stranger,
    });
    expect(foreign.statusCode).toBe(404);
    const backwards = await h.t.app.inject({
      method: 'GET',
      url: `/api/reports/summary?deviceId=${car.id}&from=${at(10)}&to=${at(0)}`,
      headers,
    });
    expect([backwards.statusCode, backwards.json().message]).toEqual([400, 'from must not be after to']);
    const bad = await h.t.app.inject({
      method: 'GET',
      url: `/api/reports/stops?deviceId=${car.id}&from=yesterday&to=${at(0)}`,
      headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('downloads', () => {
  it('renders trips as XLSX (path suffix) and stops as PDF (Accept header), with the DOWNLOAD flag only', async () => {
    const loader = await member(car.tenantId, [
      'VIEW_TRIP_REPORTS',
      'DOWNLOAD_TRIP_REPORTS',
      'DOWNLOAD_STOP_REPORTS',
      'VIEW_STOP_REPORTS',
    ]);
    const xlsx = await h.t.app.inject({
      method: 'GET',
      url: `/api/reports/trips/xlsx?deviceId=${car.id}&${day}&timezone=Europe/Athens`,
      headers: loader,
    });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(/^attachment; filename="trips-2026-03-01-2026-03-02\.xlsx"$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const cells = (sheet?.getSheetValues() ?? []).flat().map(String).join(' | ');
    expect(cells).toContain('report-car');
    expect(cells).toContain('Ada Driver');
    expect(cells).toContain('13:29'); // the first trip's start, 11:29 UTC, in Athens
    const pdf = await h.t.app.inject({
      method: 'GET',
      url: `/api/reports/stops?deviceId=${car.id}&${day}`,
      headers: { ...loader, accept: 'application/pdf' },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true })).text;
    expect(text).toContain('report-car');
    // the viewer without the DOWNLOAD flag gets JSON, not a file, and a 403 for the file route
    const json = await h.t.app.inject({
      method: 'GET',
      url: `/api/reports/summary/csv?deviceId=${car.id}&${day}`,
      headers,
    });
    expect(json.statusCode).toBe(403);
    const csv = await h.t.app.inject({
      method: 'GET',
      url: `/api/reports/events?deviceId=${car.id}&${day}`,
      headers: { ...headers, accept: 'text/csv' },
    });
    expect(csv.statusCode).toBe(403);
    const eventLoader = await member(car.tenantId, ['VIEW_EVENT_REPORTS', 'DOWNLOAD_EVENT_REPORTS']);
    const events = await h.t.app.inject({
      method: 'GET',
      url: `/api/reports/events/csv?deviceId=${car.id}&${day}&timezone=Asia/Kolkata`,
      headers: eventLoader,
    });
    expect(events.statusCode, events.body).toBe(200);
    expect(events.headers['content-type']).toMatch(/^text\/csv/);
    expect(events.headers['content-disposition']).toContain('events-2026-03-01');
    const badZone = await h.t.app.inject({
      method: 'GET',
      url: `/api/reports/events/csv?deviceId=${car.id}&${day}&timezone=Mars/Olympus`,
      headers: eventLoader,
    });
    expect(badZone.statusCode).toBe(400);
  });
});

describe('by mail (Traccar’s /reports/{type}/mail)', () => {
  it('answers 204 and mails the XLSX to the caller; a foreign device is still a 404', async () => {
    const user = await buildUser(h.t.ctx.db, {
      tenantId: car.tenantId,
      permissions: ['VIEW_SUMMARY_REPORTS', 'DOWNLOAD_SUMMARY_REPORTS'],
    });
    const who = { authorization: (await signIn(h.t.app, user.email)).authorization };
    const before = h.t.mails.length;
    const res = await h.t.app.inject({
      method: 'GET',
      url: `/api/reports/summary/mail?deviceId=${car.id}&${day}`,
      headers: who,
    });
    expect(res.statusCode, res.body).toBe(204);
    await expect.poll(() => h.t.mails.length, { timeout: 10_000 }).toBe(before + 1);
    const mail = h.t.mails[before];
    expect(mail?.to).toBe(user.email);
    const file = mail?.attachments?.[0];
    expect(file?.filename).toMatch(/^summary-.*\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file?.content as unknown as ArrayBuffer);
    expect((book.worksheets[0]?.getSheetValues() ?? []).flat().map(String).join(' ')).toContain('report-car');
    const other = await buildTenant(h.t.ctx.db);
    const stranger = await member(other.id, ['VIEW_SUMMARY_REPORTS', 'DOWNLOAD_SUMMARY_REPORTS']);
    const foreign = await h.t.app.inject({
      method: 'GET',
      url: `/api/reports/summary/mail?deviceId=${car.id}&${day}`,
      headers: stranger,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
