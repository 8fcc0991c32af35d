import type { Permission } from '@waymark/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

const ICS =
  'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:daily\r\nDTSTART:20260101T080000Z\r\nDURATION:PT1H\r\nRRULE:FREQ=DAILY\r\nEND:VEVENT\r\nEND:VCALENDAR';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function tenantUser(permissions: Permission[]) {
  const tenant = await buildTenant(t.ctx.db);
  const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions });
  const calendar = await t.ctx.db.calendar.create({ data: { name: 'Mornings', data: ICS, tenantId: tenant.id } });
  const device = await t.ctx.db.device.create({
    data: { name: 'Van 7', uniqueId: `van-${tenant.id}`, tenantId: tenant.id },
  });
  const { authorization } = await signIn(t.app, user.email);
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { authorization }, payload: payload as never });
  return { tenant, user, calendar, device, call };
}

describe('/api/reports (scheduled reports)', () => {
  it('creates, lists, reads, replaces and deletes the caller’s reports, with the attributes’ defaults', async () => {
    const { calendar, device, call } = await tenantUser(['DOWNLOAD_TRIP_REPORTS']);
    const created = await call('POST', '/api/reports', {
      type: 'trips',
      description: 'Weekly trips',
      calendarId: calendar.id,
      attributes: { deviceIds: [device.id, device.id] },
    });
    expect(created.statusCode).toBe(200);
    const report = created.json();
    expect(report).toMatchObject({
      type: 'trips',
      description: 'Weekly trips',
      calendarId: calendar.id,
      attributes: { deviceIds: [device.id], groupIds: [], format: 'xlsx', recipients: [], period: 'sinceLastRun' },
      lastRunAt: null,
    });
    expect((await call('GET', '/api/reports')).json().map((r: { id: number }) => r.id)).toEqual([report.id]);
    const replaced = await call('PUT', `/api/reports/${report.id}`, {
      ...report,
      description: 'Daily trips',
      attributes: { format: 'pdf', period: 'previousDay', recipients: ['fleet@example.test'] },
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({
      description: 'Daily trips',
      attributes: { deviceIds: [], format: 'pdf', period: 'previousDay', recipients: ['fleet@example.test'] },
    });
    expect((await call('GET', `/api/reports/${report.id}`)).json().description).toBe('Daily trips');
    expect((await call('DELETE', `/api/reports/${report.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/reports/${report.id}`)).statusCode).toBe(404);
  });

  it('needs the download flag of the report’s type', async () => {
    const { calendar, call } = await tenantUser(['DOWNLOAD_TRIP_REPORTS']);
    const summary = await call('POST', '/api/reports', { type: 'summary', description: 'S', calendarId: calendar.id });
    expect(summary.statusCode).toBe(403);
    expect(summary.json().message).toContain('DOWNLOAD_SUMMARY_REPORTS');
    const none = await tenantUser(['VIEW_TRIP_REPORTS']);
    expect((await none.call('GET', '/api/reports')).statusCode).toBe(403);
    // combined and geofences reports go with the event reports' flag
    const events = await tenantUser(['DOWNLOAD_EVENT_REPORTS']);
    const combined = { type: 'combined', description: 'C', calendarId: events.calendar.id };
    expect((await events.call('POST', '/api/reports', combined)).statusCode).toBe(200);
  });

  it('refuses invalid settings with 400 and says which', async () => {
    const { calendar, call } = await tenantUser(['DOWNLOAD_TRIP_REPORTS', 'DOWNLOAD_CHART_REPORTS']);
    const base = { type: 'trips', description: 'T', calendarId: calendar.id };
    const cases: [unknown, string][] = [
      [{ ...base, type: 'chart' }, 'type must be one of'],
      [{ ...base, attributes: { format: 'docx' } }, 'format must be one of'],
      [{ ...base, attributes: { period: 'forever' } }, 'period must be one of'],
      [{ ...base, attributes: { recipients: ['not-an-address'] } }, 'recipients must be email addresses'],
      [
        { ...base, attributes: { recipients: Array.from({ length: 21 }, (_, i) => `r${i}@example.test`) } },
        'at most 20 recipients',
      ],
      [{ ...base, attributes: { deviceIds: Array.from({ length: 501 }, (_, i) => i + 1) } }, 'at most 500 devices'],
      [{ ...base, description: '' }, 'description is required'],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/api/reports', payload);
      expect(res.statusCode, message).toBe(400);
      expect(JSON.stringify(res.json().details), message).toContain(message);
    }
  });

  it('keeps tenants apart: another tenant’s report, calendar or device is not found', async () => {
    const a = await tenantUser(['DOWNLOAD_TRIP_REPORTS']);
    const b = await tenantUser(['DOWNLOAD_TRIP_REPORTS']);
    const report = (
      await a.call('POST', '/api/reports', { type: 'trips', description: 'A', calendarId: a.calendar.id })
    ).json();
    for (const [method, url] of [
      ['GET', `/api/reports/${report.id}`],
      ['DELETE', `/api/reports/${report.id}`],
      ['POST', `/api/reports/${report.id}/run`],
    ] as const) {
      expect((await b.call(method, url)).statusCode, `${method} ${url}`).toBe(404);
    }
    const put = await b.call('PUT', `/api/reports/${report.id}`, {
      type: 'trips',
      description: 'B',
      calendarId: b.calendar.id,
    });
    expect(put.statusCode).toBe(404);
    expect((await b.call('GET', '/api/reports')).json()).toEqual([]);
    const foreignCalendar = { type: 'trips', description: 'B', calendarId: a.calendar.id };
    expect((await b.call('POST', '/api/reports', foreignCalendar)).statusCode).toBe(404);
    const foreignDevice = {
      type: 'trips',
      description: 'B',
      calendarId: b.calendar.id,
      attributes: { deviceIds: [a.device.id] },
    };
    expect((await b.call('POST', '/api/reports', foreignDevice)).statusCode).toBe(404);
    expect((await a.call('GET', `/api/reports/${report.id}`)).json().description).toBe('A');
  });

  it('sends a report now to its recipients and records the run', async () => {
    const { calendar, device, call, user } = await tenantUser(['DOWNLOAD_SUMMARY_REPORTS']);
    await t.ctx.db.user.update({ where: { id: user.id }, data: { attributes: { language: 'fr' } } });
    const report = (
      await call('POST', '/api/reports', {
        type: 'summary',
        description: 'Résumé',
        calendarId: calendar.id,
        attributes: { deviceIds: [device.id], format: 'csv', recipients: ['a@example.test', 'b@example.test'] },
      })
    ).json();
    const before = t.mails.length;
    const run = await call('POST', `/api/reports/${report.id}/run`);
    expect(run.statusCode).toBe(200);
    expect(run.json().lastRunAt).not.toBeNull();
    const mail = t.mails[before];
    expect(mail?.to).toBe('a@example.test, b@example.test');
    expect(mail?.subject).toMatch(/^Résumé : Résumé/);
    const file = mail?.attachments?.[0];
    expect(file?.filename).toMatch(/^summary-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d\.csv$/);
    expect(file?.content.toString('utf8')).toContain('Van 7');
  });
});
