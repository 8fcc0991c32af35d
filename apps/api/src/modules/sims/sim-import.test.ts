import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { badCheckDigit, validIccid } from './sims.test-kit';

let t: TestApp;
let authorization: string;
beforeAll(async () => {
  t = await createTestApp();
  const staff = await buildUser(t.ctx.db, { permissions: ['ADMIN_ACCOUNT', 'VIEW_SIMS'] });
  ({ authorization } = await signIn(t.app, staff.email));
  await t.ctx.db.vendor.create({ data: { name: 'Cosmote' } });
});
afterAll(() => t.close());

const post = (url: string, csv: string) =>
  t.app.inject({ method: 'POST', url: `/api/v2/sim/import${url}`, headers: { authorization }, payload: { csv } });

const HEADER = 'ICCID,MSISDN,IMSI,Vendor,Status,Data plan,Activation,Expiry';

describe('SIM card CSV import (/api/v2/sim/import)', () => {
  it('previews every row with its problems and imports nothing while any row fails', async () => {
    const stocked = validIccid();
    await t.ctx.db.simCard.create({ data: { iccid: stocked } });
    const good = validIccid();
    const twice = validIccid();
    const csv = [
      HEADER,
      `${good},+306900000001,202010000000001,cosmote,active,5 GB,2026-01-01,2027-01-01`,
      `${badCheckDigit(validIccid())},,,,,,,`,
      `${twice},,,,in stock,,,`,
      `${twice},,,,,,,`,
      `${stocked},,,,,,,`,
      `${validIccid()},,,Nowhere Mobile,,,,`,
      `${validIccid()},,,,lost,,,`,
      `${validIccid()},,,,,,2027-01-01,2026-01-01`,
    ].join('\n');
    const preview = await post('/preview', csv);
    expect(preview.statusCode).toBe(200);
    const report = preview.json().data;
    expect(report).toMatchObject({ valid: 2, invalid: 6, imported: 0 });
    const problems = Object.fromEntries(
      report.rows.map((r: { line: number; problems: string[] }) => [r.line, r.problems]),
    );
    expect(problems).toEqual({
      2: [],
      3: ['ICCID check digit is wrong'],
      4: [],
      5: ['ICCID appears twice in the file (first on line 4)'],
      6: ['ICCID already exists'],
      7: ['Unknown vendor "Nowhere Mobile"'],
      8: ['Unknown status "lost" (in stock, active, suspended or retired)'],
      9: ['Expiry must not be before activation'],
    });
    const refused = await post('', csv);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: '6 row(s) have problems: nothing was imported', invalid: 6 });
    expect(await t.ctx.db.simCard.count({ where: { iccid: good } })).toBe(0);
  });

  it('imports a clean file whole, with each card’s history', async () => {
    const a = validIccid();
    const b = validIccid();
    const csv = `ICCID;Vendor;Status;Expiry\n${a};Cosmote;Active;2030-06-30\n${b};;;\n`;
    const res = await post('', csv);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ valid: 2, invalid: 0, imported: 2 });
    const card = await t.ctx.db.simCard.findUniqueOrThrow({ where: { iccid: a }, include: { events: true } });
    expect(card).toMatchObject({ status: 'ACTIVE', expiresAt: new Date('2030-06-30T00:00:00Z') });
    expect(card.events.map((e) => e.action)).toEqual(['imported']);
    expect((await t.ctx.db.simCard.findUniqueOrThrow({ where: { iccid: b } })).status).toBe('IN_STOCK');
  });

  it('takes a file above the 1 MB default body limit, and refuses more rows than one import takes', async () => {
    const rows = Array.from({ length: 5001 }, (_, i) => `${validIccid(900_000 + i)},${'x'.repeat(200)}`);
    const csv = `ICCID,Data plan\n${rows.join('\n')}`;
    expect(csv.length).toBeGreaterThan(1024 * 1024);
    const res = await post('/preview', csv);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('At most 5000 rows can be imported at once');
  });

  it('refuses a file without an ICCID column', async () => {
    const res = await post('/preview', 'MSISDN\n306900000001');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The file has no ICCID column');
  });
});
