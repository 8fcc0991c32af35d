import ExcelJS from 'exceljs';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser } from '../testing/factories';
import { storeEvent } from '../testing/history';
import { mimeParts } from '../testing/mime';
import type { TestSmtpServer } from '../testing/smtp';
import { startSmtpServer } from '../testing/smtp';
import type { TestApp } from '../testing/test-app';
import { createTestApp } from '../testing/test-app';
import { MAX_FAILURES, runDueReports } from './scheduled-reports';

/** Every day 08:00–09:00 UTC. */
const ICS =
  'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:daily\r\nDTSTART:20260101T080000Z\r\nDURATION:PT1H\r\nRRULE:FREQ=DAILY\r\nEND:VEVENT\r\nEND:VCALENDAR';
const CREATED = new Date('2026-03-01T00:00:00Z');
const at = (iso: string) => new Date(iso);

let smtp: TestSmtpServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp(smtp.env);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function scheduled(
  type: string,
  attributes: Record<string, unknown>,
  userAttributes: Record<string, unknown> = {},
) {
  const tenant = await buildTenant(t.ctx.db);
  const user = await buildUser(t.ctx.db, {
    tenantId: tenant.id,
    permissions: ['DOWNLOAD_SUMMARY_REPORTS', 'DOWNLOAD_EVENT_REPORTS'],
    attributes: userAttributes as never,
  });
  const calendar = await t.ctx.db.calendar.create({ data: { name: 'Mornings', data: ICS, tenantId: tenant.id } });
  const device = await t.ctx.db.device.create({
    data: { name: `Truck ${tenant.id}`, uniqueId: `truck-${tenant.id}`, tenantId: tenant.id },
  });
  const report = await t.ctx.db.scheduledReport.create({
    data: {
      tenantId: tenant.id,
      userId: user.id,
      type,
      description: `Report of ${tenant.id}`,
      calendarId: calendar.id,
      attributes: { deviceIds: [device.id], ...attributes } as never,
      createdAt: CREATED,
    },
  });
  return { tenant, user, device, report };
}

const attachmentOf = (raw: string) => mimeParts(raw).find((p) => p.filename);

describe('the scheduled reports worker', () => {
  it('mails the XLSX to the owner when an occurrence starts, once per occurrence', async () => {
    const { user, device, report } = await scheduled('summary', { format: 'xlsx', period: 'previousDay' });
    const own = (iso: string) =>
      runDueReports(t.ctx, at(iso)).then(async (pass) => ({
        pass,
        row: await t.ctx.db.scheduledReport.findUniqueOrThrow({ where: { id: report.id } }),
      }));
    // before the first occurrence after its creation… none; inside one: a run
    expect((await own('2026-03-02T07:59:00Z')).row.lastRunAt).toBeNull();
    const first = await own('2026-03-02T08:01:00Z');
    expect(first.row.lastRunAt?.toISOString()).toBe('2026-03-02T08:01:00.000Z');
    const mail = await smtp.waitFor((m) => m.subject.startsWith(`Report of ${report.tenantId}`));
    expect(mail.recipients).toEqual([user.email]);
    const file = attachmentOf(mail.raw);
    expect(file?.filename).toBe('summary-2026-03-01-2026-03-01.xlsx');
    expect(file?.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file?.content as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getCell('A1').value).toBe('Summary');
    const cells = sheet?.getSheetValues().flat().map(String) ?? [];
    expect(cells).toContain(device.name);
    // the same occurrence again, later in it, and after it: nothing; the next day's: a run
    expect((await own('2026-03-02T08:30:00Z')).row.lastRunAt?.toISOString()).toBe('2026-03-02T08:01:00.000Z');
    expect((await own('2026-03-02T12:00:00Z')).row.lastRunAt?.toISOString()).toBe('2026-03-02T08:01:00.000Z');
    expect((await own('2026-03-03T08:00:00Z')).row.lastRunAt?.toISOString()).toBe('2026-03-03T08:00:00.000Z');
    const runs = smtp.messages.filter((m) => m.subject.startsWith(`Report of ${report.tenantId}`));
    expect(runs).toHaveLength(2);
  });

  it('mails a PDF in the owner’s language to the recipients, over the time since the last run', async () => {
    const { device, report } = await scheduled(
      'events',
      { format: 'pdf', recipients: ['ops@example.test', 'boss@example.test'] },
      { language: 'fr' },
    );
    await t.ctx.db.scheduledReport.update({
      where: { id: report.id },
      data: { lastRunAt: at('2026-03-04T08:00:00Z') },
    });
    await storeEvent(t.ctx.db, {
      data: {
        deviceId: device.id,
        tenantId: report.tenantId,
        type: 'deviceOverspeed',
        eventTime: at('2026-03-04T15:00:00Z'),
      },
    });
    await runDueReports(t.ctx, at('2026-03-05T08:02:00Z'));
    const mail = await smtp.waitFor((m) => m.subject.startsWith(`Report of ${report.tenantId}`));
    expect(mail.recipients.sort()).toEqual(['boss@example.test', 'ops@example.test']);
    const file = attachmentOf(mail.raw);
    expect(file?.filename).toBe('events-2026-03-04-2026-03-05.pdf');
    expect(file?.content.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await extractText(new Uint8Array(file?.content ?? []), { mergePages: true });
    expect(text).toContain(device.name);
    expect(text).toContain('Événements');
  });

  it('skips disabled reports, and gives up on an occurrence after a few failures', async () => {
    const disabled = await scheduled('summary', { disabled: true });
    const failing = await scheduled('summary', {});
    // the owner loses the flag: every attempt fails
    await t.ctx.db.role.update({ where: { id: failing.user.roleId as number }, data: { permissions: [] } });
    for (let i = 1; i <= MAX_FAILURES + 1; i++) {
      await runDueReports(t.ctx, at(`2026-03-06T08:0${i}:00Z`));
      const row = await t.ctx.db.scheduledReport.findUniqueOrThrow({ where: { id: failing.report.id } });
      expect(row.failures).toBe(Math.min(i, MAX_FAILURES));
      expect(row.lastError).toContain('DOWNLOAD_SUMMARY_REPORTS');
      expect(row.leaseUntil).toBeNull();
    }
    // the next occurrence tries again, from one
    await runDueReports(t.ctx, at('2026-03-07T08:00:00Z'));
    expect((await t.ctx.db.scheduledReport.findUniqueOrThrow({ where: { id: failing.report.id } })).failures).toBe(1);
    const off = await t.ctx.db.scheduledReport.findUniqueOrThrow({ where: { id: disabled.report.id } });
    expect(off.lastRunAt).toBeNull();
    expect(off.failures).toBe(0);
  });

  it('leaves a report another node holds alone', async () => {
    const { report } = await scheduled('summary', {});
    await t.ctx.db.scheduledReport.update({
      where: { id: report.id },
      data: { leaseUntil: at('2026-03-08T08:30:00Z') },
    });
    await runDueReports(t.ctx, at('2026-03-08T08:05:00Z'));
    expect((await t.ctx.db.scheduledReport.findUniqueOrThrow({ where: { id: report.id } })).lastRunAt).toBeNull();
  });
});
