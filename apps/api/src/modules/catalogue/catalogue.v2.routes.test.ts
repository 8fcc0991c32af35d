import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
let authorization: string;
beforeAll(async () => {
  t = await createTestApp();
  const staff = await buildUser(t.ctx.db, { permissions: ['ADMIN_ACCOUNT', 'VIEW_MODELS', 'VIEW_VENDORS'] });
  ({ authorization } = await signIn(t.app, staff.email));
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v2${url}`, headers: { authorization }, payload: payload as never });

describe('models and manufacturers (/api/v2/model, /api/v2/manufacturer)', () => {
  it('creates a model whose protocol comes from its port, with its manufacturer', async () => {
    const maker = await call('POST', '/manufacturer', { name: 'Concox', website: 'https://concox.example' });
    expect(maker.statusCode).toBe(200);
    const model = await call('POST', '/model', { name: 'GT06N', port: 5023, manufacturerId: maker.json().data.id });
    expect(model.statusCode).toBe(200);
    expect(model.json().data).toMatchObject({
      name: 'GT06N',
      port: 5023,
      protocol: 'gt06',
      manufacturerName: 'Concox',
      deviceCount: 0,
    });
    const list = (await call('GET', '/model')).json().data.content;
    expect(list.map((m: { name: string }) => m.name)).toContain('GT06N');
    const makers = (await call('GET', '/manufacturer')).json().data.content;
    expect(makers.find((m: { name: string }) => m.name === 'Concox')).toMatchObject({ modelCount: 1 });
  });

  it("refuses a zero or missing port with 'Can't be zero' and an unknown port naming it", async () => {
    for (const payload of [{ name: 'Zero', port: 0 }, { name: 'Missing' }, { name: 'Negative', port: -3 }]) {
      const res = await call('POST', '/model', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toContainEqual({ path: 'body.port', message: "Can't be zero" });
    }
    const unknown = await call('POST', '/model', { name: 'Odd', port: 1234 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('No protocol is served on port 1234');
  });

  it('renames, re-ports and deletes a model; a model in use and a duplicate name are refused', async () => {
    const id = (await call('POST', '/model', { name: 'TK103', port: 5002 })).json().data.id;
    expect((await call('POST', '/model', { name: 'tk103', port: 5002 })).statusCode).toBe(409);
    const moved = await call('PUT', `/model/${id}`, { name: 'TK103-B', port: 5013 });
    expect(moved.json().data).toMatchObject({ name: 'TK103-B', protocol: 'h02' });
    const device = await t.ctx.db.device.create({ data: { name: 'uses it', uniqueId: `m-${id}`, modelId: id } });
    expect((await call('DELETE', `/model/${id}`)).statusCode).toBe(409);
    await t.ctx.db.device.delete({ where: { id: device.id } });
    expect((await call('DELETE', `/model/${id}`)).statusCode).toBe(204);
    expect((await call('PUT', `/model/${id}`, { name: 'Gone', port: 5002 })).statusCode).toBe(404);
  });

  it('pages, sorts and searches models and manufacturers on the server', async () => {
    const maker = (
      await call('POST', '/manufacturer', { name: 'Teltonika', website: 'https://teltonika.example' })
    ).json().data.id;
    await call('POST', '/model', { name: 'FMB920', port: 5027, manufacturerId: maker });
    await call('POST', '/model', { name: 'FMB140', port: 5027, manufacturerId: maker });
    const page = (await call('GET', '/model?search=teltonika&size=1&sortBy=name&sortOrder=desc')).json().data;
    expect(page).toMatchObject({ page: 0, size: 1, totalElements: 2, totalPages: 2, content: [{ name: 'FMB920' }] });
    const second = (await call('GET', '/model?search=teltonika&size=1&page=1&sortBy=name')).json().data;
    expect(second.content.map((m: { name: string }) => m.name)).toEqual(['FMB920']);
    const byPort = (await call('GET', '/model?search=5027&sortBy=manufacturerName')).json().data;
    expect(byPort.totalElements).toBe(2);
    const makers = (await call('GET', '/manufacturer?search=teltonika.example&sortBy=modelCount&sortOrder=desc')).json()
      .data;
    expect(makers).toMatchObject({ totalElements: 1, content: [{ id: maker, modelCount: 2 }] });
    expect((await call('GET', '/model?size=501')).statusCode).toBe(400);
  });

  it('lists the protocols and their ports for the model dialog', async () => {
    const protocols = (await call('GET', '/model/protocols')).json().data;
    expect(protocols).toContainEqual({ protocol: 'osmand', port: 5055 });
  });
});

describe('vendors (/api/v2/vendor, /api/v2/sim/vendor)', () => {
  it('creates, pages, searches, updates and deletes vendors', async () => {
    const created = await call('POST', '/vendor', {
      name: 'Telekom',
      contact: 'Ana',
      email: 'sales@telekom.example',
      phone: '+49 30 1234',
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id;
    await call('POST', '/vendor', { name: 'Vodafone' });
    expect((await call('POST', '/vendor', { name: 'x', email: 'not-an-email' })).statusCode).toBe(400);
    const page = (await call('GET', '/vendor?search=telek&size=5')).json().data;
    expect(page).toMatchObject({ totalElements: 1, content: [{ id, contact: 'Ana', simCount: 0 }] });
    const all = (await call('GET', '/sim/vendor')).json().data;
    expect(all.map((v: { name: string }) => v.name)).toEqual(expect.arrayContaining(['Telekom', 'Vodafone']));
    const renamed = await call('PUT', `/vendor/${id}`, { name: 'Deutsche Telekom', website: 'https://t.example' });
    expect(renamed.json().data).toMatchObject({ name: 'Deutsche Telekom', email: null });
    expect((await call('DELETE', `/vendor/${id}`)).statusCode).toBe(204);
  });
});
