import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function sheetText(content: unknown): Promise<string> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(content as ArrayBuffer);
  return (book.worksheets[0]?.getSheetValues() ?? []).flat().map(String).join(' | ');
}

describe('GET /api/reports/devices/:type', () => {
  it('downloads the visible devices as devices.xlsx in the reader’s language, and mails it', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const other = await buildTenant(t.ctx.db);
    const group = await t.ctx.db.group.create({ data: { name: 'Vans', tenantId: tenant.id } });
    await t.ctx.db.device.create({
      data: {
        name: 'Van 1',
        uniqueId: `dev-rep-${tenant.id}`,
        tenantId: tenant.id,
        groupId: group.id,
        phone: '+30123',
      },
    });
    await t.ctx.db.device.create({ data: { name: 'Hidden car', uniqueId: `dev-rep-${other.id}`, tenantId: other.id } });
    const user = await buildUser(t.ctx.db, {
      tenantId: tenant.id,
      permissions: ['VIEW_DEVICES'],
      attributes: { language: 'fr' },
    });
    const headers = await signIn(t.app, user.email);
    const res = await t.app.inject({ method: 'GET', url: '/api/reports/devices/xlsx', headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="devices.xlsx"');
    const cells = await sheetText(res.rawPayload);
    for (const text of ['Nom', 'Identifiant', 'Groupe', 'Van 1', `dev-rep-${tenant.id}`, 'Vans', '+30123']) {
      expect(cells).toContain(text);
    }
    expect(cells).not.toContain('Hidden car');

    const before = t.mails.length;
    const mailed = await t.app.inject({ method: 'GET', url: '/api/reports/devices/mail', headers });
    expect(mailed.statusCode).toBe(204);
    await expect.poll(() => t.mails.length, { timeout: 10_000 }).toBe(before + 1);
    const mail = t.mails[before];
    expect(mail).toMatchObject({ to: user.email, subject: 'Appareils' });
    expect(mail?.attachments?.[0]?.filename).toBe('devices.xlsx');
    expect(await sheetText(mail?.attachments?.[0]?.content)).toContain('Van 1');
  });

  it('answers 404 for another type and 403 to an account that sees no devices', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const viewer = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['VIEW_DEVICES'] });
    const get = async (url: string, email: string) =>
      t.app.inject({ method: 'GET', url, headers: await signIn(t.app, email) });
    expect((await get('/api/reports/devices/pdf', viewer.email)).statusCode).toBe(404);
    const none = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['VIEW_GEOFENCES'] });
    const refused = await get('/api/reports/devices/xlsx', none.email);
    expect(refused.statusCode).toBe(403);
  });
});
