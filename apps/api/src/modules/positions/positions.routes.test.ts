import { positionSchema } from '@waymark/contracts/device';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import { storePosition } from '../../testing/history';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
/** A tenant user with one device that reported three positions a minute apart (the last one is its latest). */
async function member() {
  const tenant = await buildTenant(t.ctx.db);
  const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['TRACK_DEVICES'] });
  const { authorization } = await signIn(t.app, user.email);
  const device = await t.ctx.db.device.create({
    data: { name: 'Van', uniqueId: `positions-${tenant.id}-${++seq}`, tenantId: tenant.id },
  });
  const positions = [];
  for (let minute = 0; minute < 3; minute++) {
    const time = new Date(Date.UTC(2026, 5, 1, 8, minute));
    positions.push(
      await storePosition(t.ctx.db, {
        data: {
          deviceId: device.id,
          tenantId: tenant.id,
          protocol: 'osmand',
          deviceTime: time,
          fixTime: time,
          valid: true,
          latitude: 48.1 + minute / 100,
          longitude: 11.5,
          attributes: { ignition: true, totalDistance: minute * 1000 },
        },
      }),
    );
  }
  const latest = positions[2] as (typeof positions)[number];
  await t.ctx.db.device.update({
    where: { id: device.id },
    data: { positionId: latest.id, positionTime: latest.fixTime },
  });
  return { device, positions, latest, headers: { authorization } };
}

const list = z.array(positionSchema);
const get = async (url: string, headers: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json() as unknown };
};

describe('/api/positions', () => {
  it('gives the latest position of every visible device, in the contract', async () => {
    const m = await member();
    const other = await member();
    const res = await get('/api/positions', m.headers);
    expect(res.status).toBe(200);
    const positions = list.parse(res.body);
    expect(positions.map((p) => p.id)).toEqual([Number(m.latest.id)]);
    expect(positions[0]).toMatchObject({
      deviceId: m.device.id,
      protocol: 'osmand',
      fixTime: '2026-06-01T08:02:00.000Z',
      attributes: { ignition: true, totalDistance: 2000 },
    });
    expect(positions.some((p) => p.deviceId === other.device.id)).toBe(false);
  });

  it('gives positions by id, only those of visible devices', async () => {
    const m = await member();
    const other = await member();
    const ids = [m.positions[0]?.id, other.positions[0]?.id].map(Number);
    const res = await get(`/api/positions?id=${ids[0]}&id=${ids[1]}`, m.headers);
    expect(list.parse(res.body).map((p) => p.id)).toEqual([ids[0]]);
  });

  it("gives one device's latest, or its history of a period in fix time order", async () => {
    const m = await member();
    const latest = await get(`/api/positions?deviceId=${m.device.id}`, m.headers);
    expect(list.parse(latest.body).map((p) => p.id)).toEqual([Number(m.latest.id)]);
    const period = 'from=2026-06-01T08:00:30Z&to=2026-06-01T09:00:00Z';
    const history = await get(`/api/positions?deviceId=${m.device.id}&${period}`, m.headers);
    expect(list.parse(history.body).map((p) => p.fixTime)).toEqual([
      '2026-06-01T08:01:00.000Z',
      '2026-06-01T08:02:00.000Z',
    ]);
  });

  it("refuses a period that ends before it starts, and another tenant's device", async () => {
    const m = await member();
    const other = await member();
    const backwards = 'from=2026-06-02T00:00:00Z&to=2026-06-01T00:00:00Z';
    const refused = await get(`/api/positions?deviceId=${m.device.id}&${backwards}`, m.headers);
    expect(refused).toEqual({ status: 400, body: { message: 'from must not be after to' } });
    const hidden = await get(`/api/positions?deviceId=${other.device.id}`, m.headers);
    expect(hidden).toEqual({ status: 404, body: { message: 'Device not found' } });
  });
});
