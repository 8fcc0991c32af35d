import type { Permission } from '@waymark/contracts/permissions';
import type { Prisma } from '@waymark/db/client';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import { ensureMonths } from '../../testing/history';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
async function member(extra: { permissions?: Permission[]; readonly?: boolean; attributes?: object } = {}) {
  const tenant = await buildTenant(t.ctx.db);
  const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: extra.permissions ?? [], ...extra });
  const { authorization } = await signIn(t.app, user.email);
  return { tenant, headers: { authorization } };
}
const pet = (tenantId: number, name = `Rex ${++seq}`, category = 'animal') =>
  t.ctx.db.device.create({ data: { name, uniqueId: `pet-${tenantId}-${++seq}`, tenantId, category } });

const HOME = { latitude: 48.85, longitude: 2.35 };
const PARK = { latitude: 48.8612, longitude: 2.3622 };

/**
 * One reading a minute over `days` UTC days from 2026-05-01: calm (no new steps, no motion, 60 bpm) at home except a
 * morning walk in the park 07:00-08:00 (50 steps a minute, 120 bpm) and, on `full` days, a noon walk 12:00-12:30
 * (40 steps a minute). The step counter restarts at midnight.
 */
async function history(device: { id: number; tenantId: number | null }, days: number, full: (day: number) => boolean) {
  const rows: Prisma.PositionCreateManyInput[] = [];
  for (let day = 0; day < days; day++) {
    let steps = 0;
    for (let m = 0; m < 1440; m++) {
      const morning = m >= 420 && m < 480;
      const noon = full(day) && m >= 720 && m < 750;
      steps += morning ? 50 : noon ? 40 : 0;
      const time = new Date(Date.UTC(2026, 4, 1 + day, 0, m));
      const where = morning ? PARK : HOME;
      // a few metres of GPS noise
      const jitter = ((m * 7919) % 11) / 1e5;
      rows.push({
        deviceId: device.id,
        tenantId: device.tenantId,
        fixTime: time,
        deviceTime: time,
        valid: true,
        latitude: where.latitude + jitter,
        longitude: where.longitude + (noon ? 0.01 : 0),
        attributes: { steps, motion: morning || noon, heartRate: morning || noon ? 120 : 60, batteryLevel: 90 - day },
      });
    }
  }
  await ensureMonths(t.ctx.db, 'positions', [rows[0]?.fixTime as Date]);
  await t.ctx.db.position.createMany({ data: rows });
}

const get = (headers: object, url: string) => t.app.inject({ method: 'GET', url, headers: headers as never });
const WEEK = 'view=week&date=2026-05-10&timezone=UTC';

describe('pet profile', () => {
  it('gives defaults until saved, saves and validates, and hides another tenant’s pet', async () => {
    const m = await member();
    const d = await pet(m.tenant.id, 'Misty', 'cat');
    const before = await get(m.headers, `/api/v2/pets/${d.id}/profile`);
    expect(before.json().data).toMatchObject({ deviceId: d.id, name: 'Misty', species: 'cat', configured: false });
    const body = {
      species: 'dog',
      breed: 'Border Collie',
      weightKg: 18.5,
      birthDate: '2021-03-14',
      activeMinutesGoal: 90,
      stepsGoal: 12000,
    };
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/pets/${d.id}/profile`,
      headers: m.headers,
      payload: body,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ ...body, configured: true });
    expect((await get(m.headers, `/api/v2/pets/${d.id}/profile`)).json().data).toMatchObject(body);
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/pets/${d.id}/profile`,
      headers: m.headers,
      payload: { ...body, activeMinutesGoal: 5000 },
    });
    expect(bad.statusCode).toBe(400);
    const list = (await get(m.headers, '/api/v2/pets')).json().data;
    expect(list).toEqual([{ deviceId: d.id, name: 'Misty', species: 'dog', configured: true }]);

    const other = await member();
    expect((await get(other.headers, `/api/v2/pets/${d.id}/profile`)).statusCode).toBe(404);
    const foreignPut = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/pets/${d.id}/profile`,
      headers: other.headers,
      payload: body,
    });
    expect(foreignPut.statusCode).toBe(404);
    expect((await get(other.headers, '/api/v2/pets')).json().data).toEqual([]);
    expect((await get(other.headers, `/api/v2/pets/${d.id}/comprehensive?${WEEK}`)).statusCode).toBe(404);
  });

  it('leaves the profile behind when the device moves to another tenant', async () => {
    const m = await member();
    const d = await pet(m.tenant.id);
    const body = { species: 'dog', breed: 'Husky', activeMinutesGoal: 60, stepsGoal: 8000 };
    await t.app.inject({ method: 'PUT', url: `/api/v2/pets/${d.id}/profile`, headers: m.headers, payload: body });
    const next = await member();
    const admin = await buildUser(t.ctx.db, { administrator: true });
    const { authorization } = await signIn(t.app, admin.email);
    const move = await t.app.inject({
      method: 'POST',
      url: `/api/v2/device/${d.id}/tenant`,
      headers: { authorization },
      payload: { tenantId: next.tenant.id },
    });
    expect(move.statusCode, move.body).toBe(200);
    const seen = (await get(next.headers, `/api/v2/pets/${d.id}/profile`)).json().data;
    expect(seen).toMatchObject({ configured: false, breed: null });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/pets/${d.id}/profile`,
      headers: next.headers,
      payload: { ...body, breed: 'Samoyed' },
    });
    expect(put.json().data).toMatchObject({ breed: 'Samoyed', configured: true });
    expect(await t.ctx.db.petProfile.findUnique({ where: { deviceId: d.id } })).toMatchObject({
      tenantId: next.tenant.id,
    });
  });

  it('refuses read-only accounts a change', async () => {
    const m = await member({ readonly: true });
    const d = await pet(m.tenant.id);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/pets/${d.id}/profile`,
      headers: m.headers,
      payload: { species: 'dog', activeMinutesGoal: 60, stepsGoal: 8000 },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('pet reports', () => {
  let m: Awaited<ReturnType<typeof member>>;
  let d: { id: number; tenantId: number | null };
  beforeAll(async () => {
    m = await member();
    d = await pet(m.tenant.id);
    // 7 days with both walks, then 3 with the morning walk only
    await history(d, 10, (day) => day < 7);
  });

  it('counts steps, active minutes and sleep per day, with the hours of a one-day view', async () => {
    const res = await get(m.headers, `/api/v2/pets/${d.id}/activity?${WEEK}`);
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json().data;
    expect(a).toMatchObject({ from: '2026-05-04', to: '2026-05-10', timezone: 'UTC', activeMinutesGoal: 60 });
    expect(a.days).toHaveLength(7);
    expect(a.days[0]).toMatchObject({ date: '2026-05-04', steps: 4200, activeMinutes: 90, heartRateResting: 60 });
    expect(a.days[6]).toMatchObject({ date: '2026-05-10', steps: 3000, activeMinutes: 60, batteryLevel: 81 });
    expect(a.totals).toMatchObject({
      steps: 4 * 4200 + 3 * 3000,
      activeMinutes: 540,
      daysWithData: 7,
      activeGoalDays: 7,
    });
    // 77.1 a day this week against 90 in the days before (1-3 May)
    expect(a.trends.activeMinutes).toEqual({ current: 77.1, previous: 90, changePercent: -14.3 });

    const day = (await get(m.headers, `/api/v2/pets/${d.id}/activity?view=day&date=2026-05-02&timezone=UTC`)).json()
      .data;
    expect(day.days).toHaveLength(1);
    expect(day.hours[7]).toEqual({ hour: 7, steps: 3000, activeMinutes: 60, sleepMinutes: 0 });
    expect(day.hours[12]).toMatchObject({ steps: 1200, activeMinutes: 30 });
    expect(day.hours[3].sleepMinutes).toBe(60);
  });

  it('splits sleep into night and naps', async () => {
    const s = (await get(m.headers, `/api/v2/pets/${d.id}/sleep?${WEEK}`)).json().data;
    // nights: 00:00-07:00 and 21:00-24:00; naps: 08:00-21:00 around the noon walk
    expect(s.days[0]).toMatchObject({ sleepNightMinutes: 600, sleepDayMinutes: 750, restMinutes: 0 });
    expect(s.days[6]).toMatchObject({ sleepNightMinutes: 600, sleepDayMinutes: 780 });
    // after the noon walk the dog stays calm until the next morning: one stretch, mostly at night
    const evening = s.bouts.find((b: { start: string }) => b.start === '2026-05-04T12:30:00.000Z');
    expect(evening).toEqual({
      start: '2026-05-04T12:30:00.000Z',
      end: '2026-05-05T07:00:00.000Z',
      minutes: 1110,
      night: true,
    });
    expect(s.averages.nightMinutes).toBe(600);
  });

  it('scores wellness against the pet’s own baseline, and waits for 7 days of data', async () => {
    const w = (await get(m.headers, `/api/v2/pets/${d.id}/wellness?${WEEK}`)).json().data;
    expect(w).toMatchObject({ available: true, daysOfData: 10, baselineDays: 3 });
    const active = w.components.find((c: { metric: string }) => c.metric === 'activeMinutes');
    expect(active).toMatchObject({ recent: 77.1, baseline: 90, score: 86 });
    expect(w.score).toBe(93);
    expect(w.status).toBe('good');
    const early = (await get(m.headers, `/api/v2/pets/${d.id}/wellness?view=week&date=2026-05-05&timezone=UTC`)).json();
    expect(early.data).toMatchObject({ available: false, daysOfData: 5, requiredDays: 7, score: null, components: [] });
  });

  it('finds home and the park with their dwell time, and a heat map', async () => {
    const p = (await get(m.headers, `/api/v2/pets/${d.id}/places?${WEEK}`)).json().data;
    expect(p.positions).toBe(7 * 1440);
    const [home, park] = p.places;
    expect(home.latitude).toBeCloseTo(HOME.latitude, 3);
    expect(park.latitude).toBeCloseTo(PARK.latitude, 3);
    expect(park).toMatchObject({ visits: 7 });
    expect(park.dwellMinutes).toBeGreaterThanOrEqual(7 * 59);
    expect(home.dwellMinutes).toBeGreaterThan(7 * 20 * 60);
    expect(p.heat[0].weight).toBe(1);
    expect(p.heat.every((c: { weight: number }) => c.weight > 0 && c.weight <= 1)).toBe(true);
  });

  it('reads the days in the time zone asked for', async () => {
    // in Tokyo (UTC+9) 2 May runs from 1 May 15:00 UTC: the noon walk (03:00 UTC) falls on the same local day
    const a = (
      await get(m.headers, `/api/v2/pets/${d.id}/activity?view=day&date=2026-05-02&timezone=Asia/Tokyo`)
    ).json();
    expect(a.data.hours[16]).toMatchObject({ steps: 3000, activeMinutes: 60 });
    expect(a.data.hours[21]).toMatchObject({ steps: 1200, activeMinutes: 30 });
    const bad = await get(m.headers, `/api/v2/pets/${d.id}/activity?timezone=Mars/Olympus`);
    expect(bad.statusCode).toBe(400);
  });

  it('puts everything in one comprehensive report and a PDF for the vet', async () => {
    await t.app.inject({
      method: 'PUT',
      url: `/api/v2/pets/${d.id}/profile`,
      headers: m.headers,
      payload: { species: 'dog', breed: 'Beagle', weightKg: 12, activeMinutesGoal: 80, stepsGoal: 4000 },
    });
    const c = (await get(m.headers, `/api/v2/pets/${d.id}/comprehensive?${WEEK}`)).json().data;
    expect(c.profile).toMatchObject({ breed: 'Beagle' });
    expect(c.activity.totals.activeGoalDays).toBe(4);
    expect(c.wellness.score).toBe(93);
    expect(c.places.places.length).toBeGreaterThanOrEqual(2);

    const pdf = await get(m.headers, `/api/v2/pets/${d.id}/comprehensive/pdf?${WEEK}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/attachment; filename=".*2026-05-04-2026-05-10\.pdf"/);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true });
    expect(text).toContain('Pet health report');
    expect(text).toContain('Beagle');
    expect(text).toContain('93/100');
    expect(text).toContain('2026-05-10');
    expect(text).toContain('4200');
  });

  it('writes the PDF in the user’s language, Greek included', async () => {
    const el = await member({ attributes: { language: 'el' } });
    const dog = await pet(el.tenant.id, 'Ρεξ');
    const pdf = await get(el.headers, `/api/v2/pets/${dog.id}/comprehensive/pdf?${WEEK}`);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true });
    expect(text).toContain('Αναφορά υγείας κατοικιδίου: Ρεξ');
    expect(text).toContain('Ο δείκτης ευεξίας χρειάζεται 7 ημέρες');
  });

  it('honours disabled reports', async () => {
    const off = await member();
    await t.ctx.db.user.updateMany({ where: { tenantId: off.tenant.id }, data: { disableReports: true } });
    const dog = await pet(off.tenant.id);
    expect((await get(off.headers, `/api/v2/pets/${dog.id}/activity?${WEEK}`)).statusCode).toBe(403);
  });
});
