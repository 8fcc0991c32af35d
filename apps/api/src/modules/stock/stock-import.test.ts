import { luhnValid } from '@waymark/contracts/identifiers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { readCsv, renderReport } from './stock-import.csv';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  const user = await buildUser(t.ctx.db, { administrator: true });
  admin = (await signIn(t.app, user.email)).authorization;
  await t.ctx.db.deviceModel.create({ data: { name: 'FMB920' } });
  await t.ctx.db.vendor.create({ data: { name: 'Acme SIM' } });
});
afterAll(() => t.close());

/** The digits with the Luhn check digit appended. */
function withCheck(digits: string): string {
  for (let d = 0; d < 10; d++) if (luhnValid(`${digits}${d}`)) return `${digits}${d}`;
  throw new Error('unreachable');
}
const post = (url: string, csv: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v2/device/import${url}`,
    headers: { authorization: admin },
    payload: { csv },
  });

describe('bulk CSV upload', () => {
  it('reads the header in any case and order, and renders the report safe for spreadsheets', () => {
    const rows = readCsv('Name,ICCID,uniqueId\r\n"=cmd",,123\n');
    expect(rows).toEqual([
      { line: 2, imei: '123', name: '=cmd', model: null, iccid: null, vendor: null, phone: null, expiry: null },
    ]);
    const report = renderReport([
      { ...rows[0]!, name: '=cmd', status: 'problem', problems: ['a, b', 'c'], deviceId: null, expiry: null },
    ]);
    expect(report.split('\r\n')[1]).toBe(`2,123,'=cmd,,,,,,problem,,"a, b; c"`);
  });

  it('previews every problem of a row, and refuses to import while one remains', async () => {
    const taken = withCheck('35000000000001');
    await t.ctx.db.device.create({ data: { name: 'old', uniqueId: taken } });
    const usedIccid = withCheck('894400000000000001');
    const sim = await t.ctx.db.simCard.create({ data: { iccid: usedIccid } });
    await t.ctx.db.device.create({ data: { name: 'sim holder', uniqueId: 'holder-1', simCardId: sim.id } });
    const good = withCheck('35000000000002');
    const csv = [
      'IMEI,Model,ICCID,Name,Vendor,Expiry',
      `${good},FMB920,${withCheck('894400000000000002')},Van 1,Acme SIM,2030-01-31`,
      `${good},Nope,894400000000000009,,,`,
      `${taken},,${usedIccid},,,soon`,
      `350000000000039,,,,,`,
    ].join('\n');
    const preview = await post('/preview', csv);
    expect(preview.statusCode).toBe(200);
    const report = preview.json().data;
    expect(report).toMatchObject({ total: 4, problems: 3, created: 0 });
    expect(report.rows[0]).toMatchObject({ status: 'ok', problems: [], expiry: '2030-01-31T00:00:00.000Z' });
    expect(report.rows[1].problems).toEqual([
      'IMEI appears twice in the file (line 2)',
      'Unknown model: Nope',
      'ICCID check digit is wrong',
    ]);
    expect(report.rows[2].problems).toEqual([
      'A device with this IMEI already exists',
      'ICCID is already in device holder-1',
      'Expiry must be a date (YYYY-MM-DD) or an ISO-8601 time',
    ]);
    expect(report.rows[3].problems).toEqual(['IMEI check digit is wrong']);
    expect(report.report.split('\r\n')[0]).toBe(
      'line,imei,name,model,iccid,vendor,phone,expiry,status,deviceId,problems',
    );

    const refused = await post('', csv);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().report.problems).toBe(3);
    expect(await t.ctx.db.device.count({ where: { uniqueId: good } })).toBe(0);
  });

  it('imports all rows in one go, creating and linking SIM cards, READY when model and SIM are set', async () => {
    const free = await t.ctx.db.simCard.create({ data: { iccid: withCheck('894400000000000100') } });
    const rows = ['imei,model,iccid,phone'];
    rows.push(`${withCheck('35000000000100')},FMB920,${free.iccid},+301`);
    for (let i = 1; i <= 50; i++) {
      rows.push(
        `${withCheck(`350000000002${String(i).padStart(2, '0')}`)},FMB920,${withCheck(`8944000000000002${String(i).padStart(2, '0')}`)},`,
      );
    }
    rows.push(`${withCheck('35000000000300')},,,`);
    const res = await post('', rows.join('\n'));
    expect(res.statusCode).toBe(200);
    const report = res.json().data;
    expect(report).toMatchObject({ total: 52, created: 52, problems: 0 });
    expect(
      report.rows.every((r: { status: string; deviceId: number | null }) => r.status === 'created' && r.deviceId),
    ).toBe(true);
    const linked = await t.ctx.db.device.findFirstOrThrow({ where: { simCardId: free.id } });
    expect(linked).toMatchObject({ stockStatus: 'READY', phone: '+301', tenantId: null });
    const bare = await t.ctx.db.device.findUniqueOrThrow({ where: { uniqueId: withCheck('35000000000300') } });
    expect(bare.stockStatus).toBe('IN_STOCK');
    expect(await t.ctx.db.simCard.count({ where: { iccid: { startsWith: '8944000000000002' } } })).toBe(50);
    const again = (await post('/preview', rows.join('\n'))).json().data;
    expect(again.problems).toBe(52);
  });

  it('refuses a CSV without an IMEI column, and more rows than allowed', async () => {
    const noImei = await post('/preview', 'name,model\nx,y\n');
    expect(noImei.statusCode).toBe(400);
    expect(noImei.json().message).toBe('The CSV needs a header row with an IMEI column');
    const many = `imei\n${Array.from({ length: 20_001 }, (_, i) => `d${i}`).join('\n')}`;
    const tooMany = await post('/preview', many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/at most 20,000 rows/);
  });
});
