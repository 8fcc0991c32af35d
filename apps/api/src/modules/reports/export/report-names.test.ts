import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAuthContext } from '../../../plugins/app/auth-context';
import { buildTenant, buildUser } from '../../../testing/factories';
import type { TestApp } from '../../../testing/test-app';
import { createTestApp } from '../../../testing/test-app';
import { ENGLISH_READER, rendered } from './export.test-kit';
import { reportDocument } from './report-export';
import { loadReportNames } from './report-names';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
async function tenantWithThings() {
  const tenant = await buildTenant(t.ctx.db);
  const user = await buildUser(t.ctx.db, { tenantId: tenant.id });
  const device = (name: string) =>
    t.ctx.db.device.create({ data: { name, uniqueId: `names-${tenant.id}-${++seq}`, tenantId: tenant.id } });
  const [van, truck] = [await device('Van'), await device('Truck')];
  const geofence = await t.ctx.db.geofence.create({
    data: { name: 'Depot', area: 'CIRCLE (1 2, 10)', tenantId: tenant.id },
  });
  return { auth: await buildAuthContext(t.ctx.db, user, 'bearer'), van, truck, geofence };
}

describe('loadReportNames', () => {
  it("gives the names of the caller's devices and geofences, never another tenant's", async () => {
    const mine = await tenantWithThings();
    const theirs = await tenantWithThings();
    const names = await loadReportNames(mine.auth, null);
    expect(names.devices?.get(mine.van.id)).toBe('Van');
    expect(names.devices?.has(theirs.van.id)).toBe(false);
    expect(names.geofences?.get(mine.geofence.id)).toBe('Depot');
    expect(names.geofences?.has(theirs.geofence.id)).toBe(false);
    const some = await loadReportNames(mine.auth, [mine.truck.id, theirs.truck.id]);
    expect([...(some.devices?.keys() ?? [])]).toEqual([mine.truck.id]);

    // an events export names them; an id it does not know shows as #id
    const csv = await rendered(
      'csv',
      reportDocument({
        type: 'events',
        preferences: ENGLISH_READER,
        period: { from: '2026-11-01T00:00:00Z', to: '2026-11-02T00:00:00Z' },
        names,
        rows: [
          {
            id: 1,
            type: 'geofenceEnter',
            eventTime: '2026-11-01T10:00:00Z',
            deviceId: mine.van.id,
            positionId: 0,
            geofenceId: mine.geofence.id,
            maintenanceId: 0,
            attributes: {},
          },
          {
            id: 2,
            type: 'alarm',
            eventTime: '2026-11-01T11:00:00Z',
            deviceId: theirs.van.id,
            positionId: 0,
            geofenceId: 0,
            maintenanceId: 0,
            attributes: { alarm: 'sos' },
          },
        ],
      }),
    );
    const lines = csv.toString('utf8').replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('Time,Device,Type,Geofence,Maintenance,Alarm,Result');
    expect(lines[1]).toBe('2026-11-01 10:00:00,Van,Geofence entered,Depot,,,');
    expect(lines[2]).toBe(`2026-11-01 11:00:00,#${theirs.van.id},Alarm,,,sos,`);
  });
});
