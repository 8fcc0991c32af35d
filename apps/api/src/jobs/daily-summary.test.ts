import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser } from '../testing/factories';
import type { TestApp } from '../testing/test-app';
import { createTestApp } from '../testing/test-app';
import { dailySummaryMail, sendDailySummaries } from './daily-summary';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An hour of driving: 16,093.44 m (10 mi), 40 min moving, 5 min idle, 54 kn top speed, 3 l of fuel. */
const hour = (deviceId: number, at: string) => ({
  deviceId,
  hour: new Date(at),
  distance: 16_093.44,
  maxSpeed: 54,
  speedSum: 300,
  positions: 10,
  movingMs: 2_400_000,
  idleMs: 300_000,
  engineMs: 2_700_000,
  fuelSpent: 3,
  parkedDrop: 0,
  parkedRise: 0,
  firstTime: new Date(at),
  lastTime: new Date(new Date(at).getTime() + 3_000_000),
  firstOdometer: 0,
  lastOdometer: 16_093.44,
});

describe('the daily summary mail', () => {
  it('mails yesterday’s summary per device, in the user’s units and language, once per day', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const user = await buildUser(t.ctx.db, {
      tenantId: tenant.id,
      permissions: [],
      attributes: { 'mail.dailySummary': true, language: 'fr', timezone: 'Europe/Paris', distanceUnit: 'mi' },
    });
    await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: [], attributes: { language: 'fr' } });
    const van = await t.ctx.db.device.create({
      data: { name: 'Fourgon <1>', uniqueId: `f-${tenant.id}`, tenantId: tenant.id },
    });
    await t.ctx.db.device.create({
      data: { name: 'Voiture', uniqueId: `v-${tenant.id}`, tenantId: tenant.id },
    });
    // 2026-03-03 in Paris is 2026-03-02T23:00Z – 2026-03-03T23:00Z; 21:00Z on the 2nd is still the 2nd there
    await t.ctx.db.activityHour.createMany({
      data: [
        hour(van.id, '2026-03-03T09:00:00Z'),
        hour(van.id, '2026-03-03T10:00:00Z'),
        hour(van.id, '2026-03-02T21:00:00Z'),
      ],
    });

    // still the 3rd in Paris: nothing for the 3rd yet (the 2nd is summarised, empty)
    const before = t.mails.length;
    await sendDailySummaries(t.ctx, new Date('2026-03-03T22:30:00Z'));
    expect(t.mails.slice(before).map((m) => m.subject)).toEqual(['Résumé quotidien du 2026-03-02']);
    // the hour at 22:00 Paris time on the 2nd is the 2nd's
    expect(t.mails.at(-1)?.text).toMatch(/\nFourgon <1>\s+10\s+0:40:00\s+0:05:00/);

    expect(await sendDailySummaries(t.ctx, new Date('2026-03-03T23:05:00Z'))).toBe(1);
    const mail = t.mails.at(-1);
    expect(mail?.to).toBe(user.email);
    expect(mail?.subject).toBe('Résumé quotidien du 2026-03-03');
    const lines = mail?.text.split('\n') ?? [];
    expect(lines[0]).toBe('Ce que vos appareils ont fait le 2026-03-03 :');
    expect(lines[2]).toMatch(/^Appareil\s+Distance \(mi\)\s+Temps de conduite\s+/);
    // 20 miles, 1 h 20 min of driving, 10 min idle over the two hours of the 3rd
    expect(lines.find((l) => l.startsWith('Fourgon <1>'))).toMatch(/^Fourgon <1>\s+20\s+1:20:00\s+0:10:00\s+/);
    expect(lines.find((l) => l.startsWith('Voiture'))).toMatch(/^Voiture\s+0\s+0:00:00/);
    expect(lines.find((l) => l.startsWith('Total'))).toMatch(/^Total\s+20\s+1:20:00/);
    expect(mail?.html).toContain('<table');
    expect(mail?.html).toContain('Fourgon &lt;1&gt;');

    // a second pass the same day sends nothing more
    expect(await sendDailySummaries(t.ctx, new Date('2026-03-04T06:00:00Z'))).toBe(0);
  });

  it('sends nothing to a user without devices', async () => {
    const tenant = await buildTenant(t.ctx.db);
    await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: [], attributes: { 'mail.dailySummary': true } });
    const before = t.mails.length;
    await sendDailySummaries(t.ctx, new Date('2026-05-01T10:00:00Z'));
    expect(t.mails.slice(before).filter((m) => m.subject === 'Daily summary for 2026-04-30')).toEqual([]);
  });
});

describe('dailySummaryMail', () => {
  it('says in a sentence that nothing moved, rather than a table of zeros', () => {
    const still = {
      deviceId: 1,
      deviceName: 'Parked van',
      startTime: null,
      endTime: null,
      startOdometer: 0,
      endOdometer: 0,
      distance: 0,
      maxSpeed: 0,
      averageSpeed: 0,
      spentFuel: 0,
      refuelled: 0,
      fuelThefts: 0,
      engineHours: 0,
      idleTime: 0,
      movingTime: 0,
      positions: 0,
    };
    const preferences = {
      speedUnit: 'kmh',
      distanceUnit: 'km',
      volumeUnit: 'ltr',
      timeZone: 'UTC',
      coordinateFormat: 'dd',
      language: 'el',
      twelveHour: false,
    } as const;
    const mail = dailySummaryMail(preferences, '2026-03-02', [still]);
    expect(mail.subject).toBe('Ημερήσια σύνοψη για 2026-03-02');
    expect(mail.text).toContain('Καμία από τις συσκευές σας δεν κινήθηκε ούτε ανέφερε στις 2026-03-02.');
    expect(mail.html).not.toContain('<table');
  });
});
