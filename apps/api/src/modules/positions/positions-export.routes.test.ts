import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import { ensureMonths } from '../../testing/history';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { EXPORT_BATCH } from './positions-export.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const COUNT = EXPORT_BATCH + 500;
const START = Date.UTC(2026, 5, 1, 8, 0, 0);
let seq = 0;

/**
 * A tenant user holding `permissions`, with a device that reported COUNT positions ten seconds apart (more than
 * one batch), the two at the batch's edge at the same fix time, and every tenth inside geofence 7.
 */
async function member(permissions: ('VIEW_REPLAYS' | 'VIEW_ROUTE_REPORTS' | 'TRACK_DEVICES')[] = ['VIEW_REPLAYS']) {
  const tenant = await buildTenant(t.ctx.db);
  const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions });
  const { authorization } = await signIn(t.app, user.email);
  const device = await t.ctx.db.device.create({
    data: { name: 'Van <7> & "co"', uniqueId: `track-${tenant.id}-${++seq}`, tenantId: tenant.id },
  });
  const geofence = await t.ctx.db.geofence.create({
    data: { name: 'Depot', area: 'CIRCLE (48 11, 100)', tenantId: tenant.id },
  });
  const time = (i: number) => new Date(START + (i === EXPORT_BATCH ? EXPORT_BATCH - 1 : i) * 10_000);
  await ensureMonths(t.ctx.db, 'positions', [time(0)]);
  await t.ctx.db.position.createMany({
    // stored out of order: the export orders them
    data: Array.from({ length: COUNT }, (_, k) => COUNT - 1 - k).map((i) => ({
      deviceId: device.id,
      tenantId: tenant.id,
      protocol: 'osmand',
      deviceTime: time(i),
      fixTime: time(i),
      valid: true,
      latitude: 48 + i / 10_000,
      longitude: 11 + i / 20_000,
      altitude: i % 100,
      speed: 10,
      course: 90,
      address: i === 1 ? 'Main St, 1' : null,
      geofenceIds: i % 10 === 0 ? [geofence.id] : [],
      attributes: { index: i },
    })),
  });
  return { device, geofence, headers: { authorization } };
}

const period = (days = 1) =>
  `from=${new Date(START).toISOString()}&to=${new Date(START + days * 86_400_000).toISOString()}`;

async function get(url: string, headers: Record<string, string>) {
  return t.app.inject({ method: 'GET', url, headers });
}

describe('GET /api/positions/gpx|kml|csv', () => {
  it('exports the track as GPX 1.1: every position in time order with elevation and UTC time', async () => {
    const m = await member();
    const res = await get(`/api/positions/gpx?deviceId=${m.device.id}&${period()}`, m.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gpx+xml');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="track-${m.device.id}-2026-06-01-2026-06-02.gpx"`,
    );
    const gpx = res.body;
    expect(gpx).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<gpx version="1.1"/);
    expect(gpx).toContain('<trk><name>Van &#60;7&#62; &#38; &#34;co&#34;</name>');
    const points = [
      ...gpx.matchAll(/<trkpt lat="([\d.-]+)" lon="([\d.-]+)"><ele>([\d.]+)<\/ele><time>([^<]+)<\/time>/g),
    ];
    expect(points).toHaveLength(COUNT);
    expect(points[0]?.slice(1)).toEqual(['48', '11', '0', '2026-06-01T08:00:00Z']);
    expect(points[1]?.slice(1)).toEqual(['48.0001', '11.00005', '1', '2026-06-01T08:00:10Z']);
    const times = points.map((p) => Date.parse(p[4] ?? ''));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(gpx).toContain('<gpxtpx:speed>5.144</gpxtpx:speed>');
    expect(gpx.trimEnd().endsWith('</gpx>')).toBe(true);
  });

  it('exports the track as KML 2.2: the line and a time-stamped placemark per position', async () => {
    const m = await member(['VIEW_ROUTE_REPORTS']);
    const res = await get(`/api/positions/kml?deviceId=${m.device.id}&${period()}`, m.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.google-earth.kml+xml');
    const kml = res.body;
    expect(kml).toContain('<kml xmlns="http://www.opengis.net/kml/2.2">');
    const line = /<coordinates>\n([\s\S]*?)<\/coordinates><\/LineString>/.exec(kml)?.[1]?.trim().split('\n') ?? [];
    expect(line).toHaveLength(COUNT);
    expect(line[0]).toBe('11,48,0');
    expect(line[2]).toBe('11.0001,48.0002,2');
    const stamped = [...kml.matchAll(/<when>([^<]+)<\/when><\/TimeStamp><Point><coordinates>([^<]+)</g)];
    expect(stamped).toHaveLength(COUNT);
    expect(stamped[COUNT - 1]?.slice(1)).toEqual([
      new Date(START + (COUNT - 1) * 10_000).toISOString().replace('.000Z', 'Z'),
      `${11 + (COUNT - 1) / 20_000},${48 + (COUNT - 1) / 10_000},${(COUNT - 1) % 100}`,
    ]);
  });

  it("exports Traccar's CSV columns, each position once across batches, and filters by geofence", async () => {
    const m = await member();
    const res = await get(`/api/positions/csv?deviceId=${m.device.id}&${period()}`, m.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv');
    const [header = [], ...rows]: string[][] = parse(res.rawPayload, { bom: true });
    expect(header).toEqual([
      'id',
      'deviceId',
      'protocol',
      'serverTime',
      'deviceTime',
      'fixTime',
      'valid',
      'latitude',
      'longitude',
      'altitude',
      'speed',
      'course',
      'address',
      'accuracy',
      'attributes',
    ]);
    expect(rows).toHaveLength(COUNT);
    const indexes = rows.map((r) => (JSON.parse(r[14] ?? '{}') as { index: number }).index);
    expect(new Set(indexes).size).toBe(COUNT);
    expect(rows[1]?.[12]).toBe('Main St, 1');
    expect(rows[0]?.[5]).toBe('2026-06-01T08:00:00.000Z');

    const inside = await get(
      `/api/positions/csv?deviceId=${m.device.id}&geofenceId=${m.geofence.id}&${period()}`,
      m.headers,
    );
    const insideRows: string[][] = parse(inside.rawPayload, { bom: true, from_line: 2 });
    expect(insideRows).toHaveLength(COUNT / 10);
  });

  it("refuses another tenant's device or geofence (404), a user without the flags (403) and bad periods (400)", async () => {
    const m = await member();
    const other = await member();
    const foreign = await get(`/api/positions/gpx?deviceId=${other.device.id}&${period()}`, m.headers);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Device not found' });
    const foreignFence = await get(
      `/api/positions/csv?deviceId=${m.device.id}&geofenceId=${other.geofence.id}&${period()}`,
      m.headers,
    );
    expect(foreignFence.statusCode).toBe(404);

    const tracker = await member(['TRACK_DEVICES']);
    const refused = await get(`/api/positions/kml?deviceId=${tracker.device.id}&${period()}`, tracker.headers);
    expect(refused.statusCode).toBe(403);

    const reversed = `from=${new Date(START + 1000).toISOString()}&to=${new Date(START).toISOString()}`;
    expect((await get(`/api/positions/gpx?deviceId=${m.device.id}&${reversed}`, m.headers)).statusCode).toBe(400);
    expect((await get(`/api/positions/gpx?deviceId=${m.device.id}&${period(40)}`, m.headers)).statusCode).toBe(400);
    expect((await get(`/api/positions/gpx?deviceId=${m.device.id}`, m.headers)).statusCode).toBe(400);
  });
});
