import type { TestApp } from '@waymark/api/testing/test-app';
import { createTestApp } from '@waymark/api/testing/test-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DEVICES, ensureDemoFleet } from './demo';
import { ensureDemoPets, PET_HISTORY_DAYS } from './demo-pets';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the demo pets', () => {
  it('are two dogs and a cat with a profile and three weeks of history, written once, that the reports read', async () => {
    const fleet = await ensureDemoFleet(t.ctx.db);
    const pets = DEMO_DEVICES.flatMap((d) => (d.pet ? [{ uniqueId: d.uniqueId, pet: d.pet }] : []));
    expect(pets.map((p) => p.pet.species).sort()).toEqual(['cat', 'dog', 'dog']);
    const now = new Date();
    const written = await ensureDemoPets(t.ctx.db, pets, now);
    // one reading every two minutes
    expect(written).toBeGreaterThan(3 * PET_HISTORY_DAYS * 700);
    expect(await ensureDemoPets(t.ctx.db, pets, now)).toBe(0);
    const rex = await t.ctx.db.device.findUniqueOrThrow({ where: { uniqueId: pets[0]?.uniqueId } });
    expect(await t.ctx.db.petProfile.findUnique({ where: { deviceId: rex.id } })).toMatchObject({
      species: 'dog',
      breed: 'Border Collie',
      tenantId: fleet.tenantId,
    });

    const password = fleet.credentials?.password as string;
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email: fleet.credentials?.email, password },
    });
    const headers = { authorization: `Bearer ${session.json().accessToken}` };
    const list = await t.app.inject({ method: 'GET', url: '/api/v2/pets', headers });
    expect(
      list
        .json()
        .data.map((p: { name: string }) => p.name)
        .sort(),
    ).toEqual(['Luna (dog)', 'Misty (cat)', 'Rex (dog)']);
    const wellness = await t.app.inject({
      method: 'GET',
      url: `/api/v2/pets/${rex.id}/wellness?view=week&timezone=Europe/Paris`,
      headers,
    });
    const w = wellness.json().data;
    expect(w).toMatchObject({ available: true, baselineDays: expect.any(Number) });
    expect(w.daysOfData).toBeGreaterThanOrEqual(20);
    expect(w.score).toBeGreaterThan(50);
    const activity = await t.app.inject({
      method: 'GET',
      url: `/api/v2/pets/${rex.id}/activity?view=week&timezone=Europe/Paris`,
      headers,
    });
    const day = activity.json().data.days[0];
    expect(day.steps).toBeGreaterThan(5000);
    expect(day.activeMinutes).toBeGreaterThan(60);
    expect(day.sleepNightMinutes).toBeGreaterThan(360);
  });
});
