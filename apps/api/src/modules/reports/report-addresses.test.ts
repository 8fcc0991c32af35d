import type { ReportStop, ReportTrip } from '@waymark/contracts/report';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildUser, signIn } from '../../testing/factories';
import type { GeocoderStandIn } from '../../testing/geocoder-stand-in';
import { startGeocoderStandIn } from '../../testing/geocoder-stand-in';
import type { Harness } from '../../testing/pipeline-harness';
import { BASE, createHarness, message } from '../../testing/pipeline-harness';
import { sendScheduledReport } from '../scheduled-reports/scheduled-report-run';

/** A car parked 20 min, driving 20 min north at 30 kn, parked 30 min, driving 10 min, parked 30 min. */
let h: Harness;
let standIn: GeocoderStandIn;
let car: { id: number };
let headers: { authorization: string };
const STEP_DEG = (30 * 0.514444 * 60) / 111_195;
const at = (minute: number) => new Date(BASE + minute * 60_000).toISOString();
const period = `from=${at(-60)}&to=${at(600)}`;

beforeAll(async () => {
  [h, standIn] = await Promise.all([createHarness(), startGeocoderStandIn()]);
  car = await h.device('address-car');
  let lat = 52.5;
  const speeds = [...Array(20).fill(0), ...Array(20).fill(30), ...Array(30).fill(0), ...Array(10).fill(30)];
  const plan = [...speeds, ...Array(30).fill(0)] as number[];
  const messages = plan.map((speed, minute) => {
    if (speed > 0) lat += STEP_DEG;
    return message('address-car', minute, { latitude: lat, speed, attributes: { ignition: speed > 0 } });
  });
  for (let i = 0; i < messages.length; i += 25) await h.send(messages.slice(i, i + 25));
  const user = await buildUser(h.t.ctx.db, {
    tenantId: (await h.t.ctx.db.device.findUniqueOrThrow({ where: { id: car.id } })).tenantId,
    permissions: ['VIEW_TRIP_REPORTS', 'VIEW_STOP_REPORTS'],
  });
  headers = { authorization: (await signIn(h.t.app, user.email)).authorization };
}, 60_000);
afterAll(async () => {
  await standIn.close();
  await h.close();
});
beforeEach(async () => {
  standIn.requests.length = 0;
  // a street named after the latitude asked, so that each place has its own address
  standIn.answer = (req) => ({
    status: 200,
    body: { display_name: 'x', address: { road: `Street ${req.query.lat}`, city: 'Berlin', country: 'Germany' } },
  });
  await h.t.ctx.db.geocodeCache.deleteMany();
});

const geocoding = (attributes: Record<string, unknown>) =>
  h.t.ctx.db.server.update({ where: { id: 1 }, data: { attributes: attributes as object } });
async function report<T>(type: 'trips' | 'stops'): Promise<T[]> {
  const res = await h.t.app.inject({
    method: 'GET',
    url: `/api/reports/${type}?deviceId=${car.id}&${period}`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T[];
}

describe('addresses of trips and stops', () => {
  it('are left empty, and nothing is asked, while geocoding is off', async () => {
    await geocoding({ 'geocoder.url': standIn.url });
    const trips = await report<ReportTrip>('trips');
    expect(trips.length).toBe(2);
    expect(trips.map((t) => [t.startAddress, t.endAddress])).toEqual([
      [null, null],
      [null, null],
    ]);
    expect((await report<ReportStop>('stops')).every((s) => s.address === null)).toBe(true);
    expect(standIn.requests).toHaveLength(0);
  });

  it('are filled on demand once it is on, each rounded place asked once', async () => {
    await geocoding({ 'geocoder.enable': true, 'geocoder.url': standIn.url, 'geocoder.rate': 100 });
    const trips = await report<ReportTrip>('trips');
    const [first, second] = trips as [ReportTrip, ReportTrip];
    const street = (lat: number) => `Street ${Number(lat.toFixed(4))}, Berlin, Germany`;
    expect(first.startAddress).toBe(street(first.startLat));
    expect(first.endAddress).toBe(street(first.endLat));
    expect(second.startAddress).toBe(first.endAddress);
    expect(second.endAddress).toBe(street(second.endLat));
    // the first trip's end is the second's start: three places
    expect(standIn.requests).toHaveLength(3);

    const stops = await report<ReportStop>('stops');
    expect(stops.length).toBeGreaterThan(0);
    for (const stop of stops) expect(stop.address).toBe(street(stop.latitude));
    // the stops stand where the trips start and end: all from the cache
    expect(standIn.requests).toHaveLength(3);
  });

  it('a failing provider leaves them empty, the report still answers, and it is not asked for each row', async () => {
    // another language: places this process has not looked up yet
    await geocoding({ 'geocoder.enable': true, 'geocoder.url': standIn.url, 'geocoder.language': 'de' });
    standIn.answer = () => ({ status: 502, body: {} });
    const trips = await report<ReportTrip>('trips');
    expect(trips.flatMap((t) => [t.startAddress, t.endAddress])).toEqual([null, null, null, null]);
    // the lookups already under way when the first failed, no more
    expect(standIn.requests.length).toBeGreaterThan(0);
    expect(standIn.requests.length).toBeLessThanOrEqual(3);
  });
});

describe('addresses of scheduled (mailed) trip and stop reports', () => {
  /** every day 08:00–09:00 UTC (the worker's calendar; sendScheduledReport runs the report whatever it says) */
  const MORNINGS =
    'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:daily\r\nDTSTART:20260101T080000Z\r\nDURATION:PT1H\r\nRRULE:FREQ=DAILY\r\nEND:VEVENT\r\nEND:VCALENDAR';
  /** A daily CSV of `type` for the car, mailed for the harness's day; the file's text. */
  async function mailed(type: 'trips' | 'stops'): Promise<string> {
    const device = await h.t.ctx.db.device.findUniqueOrThrow({ where: { id: car.id } });
    const owner = await buildUser(h.t.ctx.db, {
      tenantId: device.tenantId,
      permissions: ['DOWNLOAD_TRIP_REPORTS', 'DOWNLOAD_STOP_REPORTS'],
    });
    const calendar = await h.t.ctx.db.calendar.create({
      data: { name: `Mornings ${owner.id}`, data: MORNINGS, tenantId: device.tenantId },
    });
    const report = await h.t.ctx.db.scheduledReport.create({
      data: {
        tenantId: device.tenantId,
        calendarId: calendar.id,
        userId: owner.id,
        type,
        description: `Daily ${type} ${owner.id}`,
        attributes: { deviceIds: [car.id], format: 'csv', period: 'previousDay' },
      },
    });
    await sendScheduledReport(h.t.ctx, report, new Date(BASE + 86_400_000));
    const mail = h.t.mails.find((m) => m.subject?.includes(`Daily ${type} ${owner.id}`));
    const file = mail?.attachments?.[0];
    expect(file?.contentType).toMatch(/^text\/csv/);
    // a failing provider does not fail the run
    expect((await h.t.ctx.db.scheduledReport.findUniqueOrThrow({ where: { id: report.id } })).lastError).toBeNull();
    return String(file?.content);
  }
  /** Nominatim's request for a place, as the stand-in received it. */
  const reverse = (lat: number, lon: number) => ({
    path: '/reverse',
    query: {
      format: 'jsonv2',
      lat: String(Number(lat.toFixed(4))),
      lon: String(Number(lon.toFixed(4))),
      zoom: '18',
      addressdetails: '1',
    },
  });
  const byLatitude = (a: { query: Record<string, string> }, b: { query: Record<string, string> }) =>
    Number(a.query.lat) - Number(b.query.lat);
  const street = (lat: number) => `Street ${Number(lat.toFixed(4))}, Berlin, Germany`;

  it('carry the start and end addresses of trips and the addresses of stops, each place asked once', async () => {
    // a language of its own: places this process has not looked up yet (its memory outlives the table's rows)
    await geocoding({
      'geocoder.enable': true,
      'geocoder.url': standIn.url,
      'geocoder.rate': 100,
      'geocoder.language': 'el',
    });
    const csv = await mailed('trips');
    const asked = standIn.requests.map((r) => ({ path: r.path, query: r.query })).sort(byLatitude);
    // the trips, as the on-demand report gives them (now from the cache: no request more)
    const trips = await report<ReportTrip>('trips');
    expect(trips).toHaveLength(2);
    const [first, second] = trips as [ReportTrip, ReportTrip];
    expect(asked).toEqual(
      [
        reverse(first.startLat, first.startLon),
        reverse(first.endLat, first.endLon),
        reverse(second.endLat, second.endLon),
      ].sort(byLatitude),
    );
    for (const r of standIn.requests) {
      expect([r.headers['user-agent'], r.headers['accept-language']]).toEqual(['Waymark/test', 'el']);
    }
    for (const lat of [first.startLat, first.endLat, second.endLat]) expect(csv).toContain(street(lat));
    expect(second.startAddress).toBe(first.endAddress);

    // the stops stand where the trips start and end: all from the cache
    const stops = await mailed('stops');
    const stopRows = await report<ReportStop>('stops');
    expect(stopRows.length).toBeGreaterThan(0);
    for (const stop of stopRows) expect(stops).toContain(street(stop.latitude));
    expect(standIn.requests).toHaveLength(3);
  });

  it('are left empty when the provider fails, and the report is still mailed', async () => {
    // another language: places not in the cache
    await geocoding({ 'geocoder.enable': true, 'geocoder.url': standIn.url, 'geocoder.language': 'fr' });
    standIn.answer = () => ({ status: 503, body: {} });
    const csv = await mailed('trips');
    expect(csv).not.toContain('Street');
    expect(csv).not.toContain('Berlin');
    // the lookups under way when the first failed, no more; each in French
    expect(standIn.requests.length).toBeGreaterThan(0);
    expect(standIn.requests.length).toBeLessThanOrEqual(3);
    expect(standIn.requests.every((r) => r.path === '/reverse' && r.headers['accept-language'] === 'fr')).toBe(true);
  });

  it('are left empty, and nothing is asked, while geocoding is off', async () => {
    await geocoding({ 'geocoder.url': standIn.url });
    const csv = await mailed('stops');
    expect(csv).not.toContain('Berlin');
    expect(standIn.requests).toHaveLength(0);
  });
});
