import type { Permission } from '@waymark/contracts/permissions';
import { POI_IMPORT_MAX_ROWS } from '@waymark/contracts/poi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function member(permissions: Permission[] = ['VIEW_POIS']) {
  const tenant = await buildTenant(t.ctx.db);
  const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions });
  return { tenantId: tenant.id, user, headers: { authorization: (await signIn(t.app, user.email)).authorization } };
}
const call = (headers: { authorization: string }, method: string, url: string, payload?: unknown) =>
  t.app.inject({ method: method as never, url, headers, payload: payload as never });

describe('/api/v2/pois', () => {
  it('creates, lists, updates and deletes points of interest', async () => {
    const { tenantId, headers } = await member();
    const created = await call(headers, 'POST', '/api/v2/pois', {
      name: 'Depot North',
      category: 'depot',
      latitude: 48.9,
      longitude: 2.35,
    });
    expect(created.statusCode).toBe(200);
    const poi = created.json().data;
    expect(poi).toEqual({
      id: expect.any(Number),
      name: 'Depot North',
      description: null,
      category: 'depot',
      latitude: 48.9,
      longitude: 2.35,
      tenantId,
    });
    const plain = (await call(headers, 'POST', '/api/v2/pois', { name: 'Corner', latitude: 1, longitude: 2 })).json();
    expect(plain.data.category).toBe('other');
    const names = async (query = '') =>
      (await call(headers, 'GET', `/api/v2/pois${query}`)).json().data.map((p: { name: string }) => p.name);
    expect(await names()).toEqual(['Corner', 'Depot North']);
    expect(await names('?keyword=north')).toEqual(['Depot North']);
    const updated = await call(headers, 'PUT', `/api/v2/pois/${poi.id}`, { category: 'fuel', description: 'pumps' });
    expect(updated.json().data).toMatchObject({ category: 'fuel', description: 'pumps', latitude: 48.9 });
    expect((await call(headers, 'DELETE', `/api/v2/pois/${poi.id}`)).statusCode).toBe(204);
    expect(await names()).toEqual(['Corner']);
  });

  it('refuses an unknown category and coordinates off the earth', async () => {
    const { headers } = await member();
    for (const body of [
      { name: 'X', category: 'castle', latitude: 1, longitude: 2 },
      { name: 'X', latitude: 91, longitude: 2 },
      { name: 'X', latitude: 1, longitude: -181 },
    ]) {
      expect((await call(headers, 'POST', '/api/v2/pois', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await t.ctx.db.poi.count({ where: { name: 'X' } })).toBe(0);
  });

  it('reads a stored category outside the set as other', async () => {
    const { tenantId, headers } = await member();
    const row = await t.ctx.db.poi.create({
      data: { name: 'Old', category: 'Warehouse', latitude: 1, longitude: 2, tenantId },
    });
    expect((await call(headers, 'GET', `/api/v2/pois/${row.id}`)).json().data.category).toBe('other');
  });

  it('keeps to the tenant and requires VIEW_POIS', async () => {
    const a = await member();
    const b = await member();
    const theirs = (
      await call(b.headers, 'POST', '/api/v2/pois', { name: 'Theirs', latitude: 1, longitude: 2 })
    ).json();
    expect((await call(a.headers, 'GET', `/api/v2/pois/${theirs.data.id}`)).statusCode).toBe(404);
    expect((await call(a.headers, 'PUT', `/api/v2/pois/${theirs.data.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call(a.headers, 'DELETE', `/api/v2/pois/${theirs.data.id}`)).statusCode).toBe(404);
    expect((await call(a.headers, 'GET', '/api/v2/pois')).json().data).toEqual([]);
    expect(await t.ctx.db.poi.findUniqueOrThrow({ where: { id: theirs.data.id } })).toMatchObject({ name: 'Theirs' });
    const outsider = await member(['VIEW_ROUTES']);
    expect((await call(outsider.headers, 'GET', '/api/v2/pois')).statusCode).toBe(403);
  });
});

const upload = (headers: { authorization: string }, csv: string, url = '/api/v2/pois/import') =>
  t.app.inject({ method: 'POST', url, headers, payload: { csv } });

describe('/api/v2/pois/import', () => {
  it('imports a semicolon file with a BOM, quoted fields and decimal commas into the caller tenant', async () => {
    const a = await member();
    const csv =
      '\uFEFFName;Latitude;Longitude;Category;Description;Radius\r\n' +
      '"Dépôt Nord";48,9;2,35;depot;"Quai 3; porte B";120\r\n' +
      '"Station ""Total""";48.1;2.2;FUEL;;\r\n' +
      'Coin;1;2;;;\r\n';
    const preview = await upload(a.headers, csv, '/api/v2/pois/import/preview');
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toMatchObject({ valid: 3, invalid: 0, imported: 0 });
    expect(await t.ctx.db.poi.count({ where: { tenantId: a.tenantId } })).toBe(0);

    const res = await upload(a.headers, csv);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ valid: 3, invalid: 0, imported: 3 });
    const rows = await t.ctx.db.poi.findMany({ where: { tenantId: a.tenantId }, orderBy: { name: 'asc' } });
    expect(rows.map((r) => [r.name, r.latitude, r.longitude, r.category, r.description, r.radius])).toEqual([
      ['Coin', 1, 2, 'other', null, 50],
      ['Dépôt Nord', 48.9, 2.35, 'depot', 'Quai 3; porte B', 120],
      ['Station "Total"', 48.1, 2.2, 'fuel', null, 50],
    ]);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/v2/pois', headers: a.headers })).json().data;
    expect(listed.map((p: { name: string }) => p.name)).toEqual(['Coin', 'Dépôt Nord', 'Station "Total"']);

    const b = await member();
    const theirs = (await t.app.inject({ method: 'GET', url: '/api/v2/pois', headers: b.headers })).json().data;
    expect(theirs).toEqual([]);
    const one = await t.app.inject({ method: 'GET', url: `/api/v2/pois/${rows[0]?.id}`, headers: b.headers });
    expect(one.statusCode).toBe(404);
  });

  it('refuses the whole file when a row is bad, naming each bad line', async () => {
    const a = await member();
    const csv = [
      'name,latitude,longitude,category,radius',
      'Good,1,2,fuel,',
      ',1,2,,',
      'Far,91,2,,',
      'Castle,1,abc,castle,',
      'Wide,1,2,,-5',
    ].join('\n');
    const preview = (await upload(a.headers, csv, '/api/v2/pois/import/preview')).json().data;
    expect(preview).toMatchObject({ valid: 1, invalid: 4, imported: 0 });
    expect(preview.rows.map((r: { line: number; problems: string[] }) => [r.line, r.problems])).toEqual([
      [2, []],
      [3, ['name is empty']],
      [4, ['latitude must be between -90 and 90']],
      [
        5,
        [
          'longitude "abc" is not a number',
          'category "castle" is not one of fuel, depot, customer, parking, service, restaurant, other',
        ],
      ],
      [6, ['radius "-5" must be a number of metres above 0 and at most 100000']],
    ]);
    const res = await upload(a.headers, csv);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Nothing was imported: 4 row\(s\) have problems \(line 3: name is empty/);
    expect(res.json().message).toContain('line 4: latitude must be between -90 and 90');
    expect(await t.ctx.db.poi.count({ where: { tenantId: a.tenantId } })).toBe(0);
  });

  it('refuses a file without the required columns, an empty one, and one past the row limit', async () => {
    const a = await member();
    const missing = await upload(a.headers, 'name,lat\nA,1\n');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('missing: longitude');
    expect((await upload(a.headers, '')).statusCode).toBe(400);
    expect((await upload(a.headers, 'name,latitude,longitude\n')).json().message).toBe('The file has no rows');
    const big = `name,latitude,longitude\n${'P,1,2\n'.repeat(POI_IMPORT_MAX_ROWS + 1)}`;
    const res = await upload(a.headers, big);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`At most ${POI_IMPORT_MAX_ROWS} rows can be imported at once`);
    const broken = await upload(a.headers, 'name,latitude,longitude\n"open,1,2\n');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/^The file is not valid CSV/);
    expect(await t.ctx.db.poi.count({ where: { tenantId: a.tenantId } })).toBe(0);
  });

  it('requires VIEW_POIS, as creating a POI does', async () => {
    const outsider = await member(['VIEW_ROUTES']);
    expect((await upload(outsider.headers, 'name,latitude,longitude\nA,1,2\n')).statusCode).toBe(403);
    expect(
      (await upload(outsider.headers, 'name,latitude,longitude\nA,1,2\n', '/api/v2/pois/import/preview')).statusCode,
    ).toBe(403);
    expect(await t.ctx.db.poi.count({ where: { tenantId: outsider.tenantId } })).toBe(0);
  });
});
