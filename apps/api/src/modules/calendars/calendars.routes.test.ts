import type { Permission } from '@waymark/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function member(permissions: Permission[] = ['VIEW_GEOFENCES'], tenantId?: number) {
  const tenant = tenantId ?? (await buildTenant(t.ctx.db)).id;
  const user = await buildUser(t.ctx.db, { tenantId: tenant, permissions });
  return { tenantId: tenant, user, headers: { authorization: (await signIn(t.app, user.email)).authorization } };
}
const call = (headers: { authorization: string }, method: string, url: string, payload?: unknown) =>
  t.app.inject({ method: method as never, url, headers, payload: payload as never });

const ICS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Waymark//EN',
  'BEGIN:VEVENT',
  'UID:work@test',
  'DTSTART:20240101T080000Z',
  'DTEND:20240101T170000Z',
  'RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');
const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('/api/calendars', () => {
  it('accepts base64 or raw iCalendar, stores the text and returns base64', async () => {
    const { tenantId, headers } = await member();
    const created = await call(headers, 'POST', '/api/calendars', { name: 'Work hours', data: b64(ICS) });
    expect(created.statusCode).toBe(200);
    const calendar = created.json();
    expect(calendar).toMatchObject({ name: 'Work hours', data: b64(ICS), tenantId, attributes: {} });
    expect((await t.ctx.db.calendar.findUniqueOrThrow({ where: { id: calendar.id } })).data).toBe(ICS);

    const raw = await call(headers, 'POST', '/api/calendars', { name: 'Raw', data: ICS });
    expect(raw.json().data).toBe(b64(ICS));

    expect((await call(headers, 'GET', `/api/calendars/${calendar.id}`)).json()).toEqual(calendar);
    const daily = ICS.replace('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', 'FREQ=DAILY');
    const updated = await call(headers, 'PUT', `/api/calendars/${calendar.id}`, { name: 'Every day', data: daily });
    expect(updated.json()).toMatchObject({ name: 'Every day', data: b64(daily) });
    const geofence = await t.ctx.db.geofence.create({
      data: { name: 'G', area: 'CIRCLE (1 1, 10)', tenantId, calendarId: calendar.id },
    });
    expect((await call(headers, 'DELETE', `/api/calendars/${calendar.id}`)).statusCode).toBe(204);
    expect((await call(headers, 'GET', `/api/calendars/${calendar.id}`)).statusCode).toBe(404);
    expect((await t.ctx.db.geofence.findUniqueOrThrow({ where: { id: geofence.id } })).calendarId).toBeNull();
  });

  it('filters the list by userId, deviceId, keyword, limit and offset', async () => {
    const { tenantId, user, headers } = await member();
    const other = await member(['VIEW_NOTIFICATIONS'], tenantId);
    const a = (await call(headers, 'POST', '/api/calendars', { name: 'Alpha', data: ICS })).json();
    await call(headers, 'POST', '/api/calendars', { name: 'Beta', data: ICS });
    const c = (await call(other.headers, 'POST', '/api/calendars', { name: 'Gamma', data: ICS })).json();
    const device = await t.ctx.db.device.create({
      data: { name: 'D', uniqueId: `cal-${a.id}`, tenantId, calendarId: c.id },
    });
    const names = async (query: string) =>
      (await call(headers, 'GET', `/api/calendars${query}`)).json().map((x: { name: string }) => x.name);
    expect(await names('')).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(await names(`?userId=${user.id}`)).toEqual(['Alpha', 'Beta']);
    expect(await names(`?userId=${other.user.id}`)).toEqual(['Gamma']);
    expect(await names(`?deviceId=${device.id}`)).toEqual(['Gamma']);
    expect(await names('?keyword=et')).toEqual(['Beta']);
    expect(await names('?offset=2&limit=5')).toEqual(['Gamma']);
  });

  it('refuses invalid bodies and calendars with a message, storing nothing', async () => {
    const { tenantId, headers } = await member();
    const cases: unknown[] = [
      { name: 'X' },
      { name: '', data: ICS },
      { name: 'X', data: 'not a calendar!' },
      { name: 'X', data: b64('hello world') },
      { name: 'X', data: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR' },
      { name: 'X', data: ICS.replace('DTSTART:20240101T080000Z', 'DTSTART:garbage') },
    ];
    for (const payload of cases) {
      const res = await call(headers, 'POST', '/api/calendars', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const noEvent = await call(headers, 'POST', '/api/calendars', {
      name: 'X',
      data: b64('BEGIN:VCALENDAR\r\nEND:VCALENDAR'),
    });
    expect(noEvent.json().message).toMatch(/Invalid calendar: .*no event/);
    expect(await t.ctx.db.calendar.count({ where: { tenantId } })).toBe(0);
  });

  it('lets any signed-in user read; changes need VIEW_NOTIFICATIONS or VIEW_GEOFENCES', async () => {
    const { tenantId, headers } = await member(['VIEW_NOTIFICATIONS']);
    const calendar = (await call(headers, 'POST', '/api/calendars', { name: 'N', data: ICS })).json();
    expect(calendar.id).toBeTypeOf('number');
    const reader = await member([], tenantId);
    expect((await call(reader.headers, 'GET', '/api/calendars')).json()).toHaveLength(1);
    expect((await call(reader.headers, 'GET', `/api/calendars/${calendar.id}`)).statusCode).toBe(200);
    expect((await call(reader.headers, 'POST', '/api/calendars', { name: 'X', data: ICS })).statusCode).toBe(403);
    expect((await call(reader.headers, 'PUT', `/api/calendars/${calendar.id}`, { name: 'X' })).statusCode).toBe(403);
    expect((await call(reader.headers, 'DELETE', `/api/calendars/${calendar.id}`)).statusCode).toBe(403);
  });

  it('gives 404 for another tenant’s calendar and leaves it unchanged', async () => {
    const { headers } = await member();
    const other = await member();
    const foreign = (await call(other.headers, 'POST', '/api/calendars', { name: 'Theirs', data: ICS })).json();
    expect((await call(headers, 'GET', `/api/calendars/${foreign.id}`)).statusCode).toBe(404);
    expect((await call(headers, 'PUT', `/api/calendars/${foreign.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call(headers, 'DELETE', `/api/calendars/${foreign.id}`)).statusCode).toBe(404);
    expect((await call(headers, 'GET', '/api/calendars')).json()).toEqual([]);
    expect(await t.ctx.db.calendar.findUniqueOrThrow({ where: { id: foreign.id } })).toMatchObject({ name: 'Theirs' });
  });
});
