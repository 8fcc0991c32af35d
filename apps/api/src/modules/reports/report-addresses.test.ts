import type { ReportStop, ReportTrip } from '@waymark/contracts/report';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildUser, signIn } from '../../testing/factories';
import type { GeocoderStandIn } from '../../testing/geocoder-stand-in';
import { startGeocoderStandIn } from '../../testing/geocoder-stand-in';
import type { Harness } from '../../testing/pipeline-harness';
import { BASE, createHarness, message } from '../../testing/pipeline-harness';

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
