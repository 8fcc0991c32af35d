import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import { ensureMonths } from '../../testing/history';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import type { XmlElement } from '../../testing/xml';
import { descendants, parseXml } from '../../testing/xml';
import { EXPORT_BATCH } from './positions-export.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const COUNT = EXPORT_BATCH + 500;
const START = Date.UTC(2026, 5, 1, 8, 0, 0);
let seq = 0;

/** Position i's fix time: ten seconds apart, but the two at the batch's edge share one. */
const time = (i: number) => new Date(START + (i === EXPORT_BATCH ? EXPORT_BATCH - 1 : i) * 10_000);

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

/** The text of `element`'s first child named `name` ('' where there is none). */
const childText = (element: XmlElement | undefined, name: string) =>
  element?.children.find((c) => c.name === name)?.text ?? '';

/** A KML coordinate tuple. */
function lonLatAlt(tuple: string) {
  const [longitude, latitude, altitude] = tuple.split(',').map(Number);
  return { longitude, latitude, altitude };
}

/** Whole units of 10^-7 degree: what a track file keeps of a coordinate. */
const e7 = (degrees: number | undefined) => Math.round((degrees ?? Number.NaN) * 1e7);

/**
 * What an exported track must hold of the positions member() stored: each once, in time order, each with its
 * own coordinates, altitude and UTC time (position i is known by its latitude, 48 + i / 10,000).
 */
function expectTrack(points: { latitude?: number; longitude?: number; altitude?: number; time: string }[]) {
  expect(points).toHaveLength(COUNT);
  const indexes = points.map((p) => Math.round(((p.latitude ?? Number.NaN) - 48) * 10_000));
  expect(new Set(indexes).size).toBe(COUNT);
  expect(Math.min(...indexes)).toBe(0);
  expect(Math.max(...indexes)).toBe(COUNT - 1);
  const times = points.map((p) => Date.parse(p.time));
  expect(times).toEqual([...times].sort((x, y) => x - y));
  const read = points.map((p, k) => [e7(p.latitude), e7(p.longitude), p.altitude, times[k]]);
  const stored = indexes.map((i) => [e7(48 + i / 10_000), e7(11 + i / 20_000), i % 100, time(i).getTime()]);
  expect(read).toEqual(stored);
  // UTC, to the second
  expect(points[0]?.time).toBe('2026-06-01T08:00:00Z');
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
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const gpx = parseXml(res.body);
    expect(gpx.name).toBe('gpx');
    expect(gpx.attributes).toMatchObject({ version: '1.1', xmlns: 'http://www.topografix.com/GPX/1/1' });
    const [trk] = descendants(gpx, 'trk');
    expect(trk?.children[0]).toMatchObject({ name: 'name', text: 'Van <7> & "co"' });
    const points = descendants(gpx, 'trkpt');
    expectTrack(
      points.map((p) => ({
        latitude: Number(p.attributes.lat),
        longitude: Number(p.attributes.lon),
        altitude: Number(childText(p, 'ele')),
        time: childText(p, 'time'),
      })),
    );
    // 10 knots in metres a second
    const speeds = new Set(points.map((p) => Number(descendants(p, 'gpxtpx:speed')[0]?.text)));
    expect([...speeds]).toEqual([5.144]);
  });

  it('exports the track as KML 2.2: the line and a time-stamped placemark per position', async () => {
    const m = await member(['VIEW_ROUTE_REPORTS']);
    const res = await get(`/api/positions/kml?deviceId=${m.device.id}&${period()}`, m.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.google-earth.kml+xml');
    const kml = parseXml(res.body);
    expect(kml.name).toBe('kml');
    expect(kml.attributes.xmlns).toBe('http://www.opengis.net/kml/2.2');
    const [line] = descendants(kml, 'LineString');
    const vertices = childText(line, 'coordinates').trim().split('\n').map(lonLatAlt);
    const stamped = descendants(kml, 'Folder').flatMap((f) => descendants(f, 'Placemark'));
    const track = stamped.map((p) => ({
      ...lonLatAlt(childText(descendants(p, 'Point')[0], 'coordinates')),
      time: childText(descendants(p, 'TimeStamp')[0], 'when'),
    }));
    expectTrack(track);
    // the line runs through the same points in the same order
    expect(vertices).toEqual(track.map(({ time, ...vertex }) => vertex));
  });

  it("exports Traccar's CSV columns, each position once across batches, and filters by geofence", async () => {
    const m = await member();
    const res = await get(`/api/positions/csv?deviceId=${m.device.id}&${period()}`, m.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv');
    const [header = [], ...rows]: string[][] = parse(res.rawPayload, { bom: true });
    // Traccar's columns in Traccar's order: programs written for its export read them by place
    expect(header.join(' ')).toBe(
      'id deviceId protocol serverTime deviceTime fixTime valid latitude longitude altitude speed course address ' +
        'accuracy attributes',
    );
    const records = rows.map((r) => Object.fromEntries(header.map((column, k) => [column, r[k] ?? ''])));
    expect(records).toHaveLength(COUNT);
    const indexes = records.map((r) => (JSON.parse(r.attributes ?? '{}') as { index: number }).index);
    expect(new Set(indexes).size).toBe(COUNT);
    const times = records.map((r) => Date.parse(r.fixTime ?? ''));
    expect(times).toEqual([...times].sort((x, y) => x - y));
    const read = records.map((r) => [
      r.deviceId,
      r.protocol,
      r.fixTime,
      r.deviceTime,
      r.valid,
      e7(Number(r.latitude)),
      e7(Number(r.longitude)),
      r.altitude,
      r.speed,
      r.course,
      r.address,
    ]);
    const stored = indexes.map((i) => [
      String(m.device.id),
      'osmand',
      time(i).toISOString(),
      time(i).toISOString(),
      'true',
      e7(48 + i / 10_000),
      e7(11 + i / 20_000),
      String(i % 100),
      '10',
      '90',
      i === 1 ? 'Main St, 1' : '',
    ]);
    expect(read).toEqual(stored);
    expect(records[0]?.fixTime).toBe('2026-06-01T08:00:00.000Z');

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
