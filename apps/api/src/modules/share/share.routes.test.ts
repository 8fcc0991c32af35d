import type { Permission } from '@waymark/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { SHARE_DISABLED } from './share.service';
import { inHours, nextSeq, shareMember, until, watch } from './share.test-kit';
import { SHARE_REFRESH_MS } from './share-socket';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WAYMARK_PUBLIC_URL: 'https://track.example.test/' });
});
afterAll(() => t.close());

const member = (permissions?: Permission[]) => shareMember(t, permissions);

describe('share links', () => {
  it('shares a device until expiry, publicly readable, revocable', async () => {
    const m = await member();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/share/device',
      headers: m.headers,
      payload: { deviceId: m.device.id, expiration: inHours(2) },
    });
    expect(created.statusCode, created.body).toBe(200);
    const link = created.json();
    expect(link.url).toBe(`https://track.example.test/devices/share/${link.id}`);
    expect(await t.ctx.db.shareLink.findUnique({ where: { id: link.id } })).toMatchObject({
      deviceId: m.device.id,
      tenantId: m.tenant.id,
      createdById: m.user.id,
    });
    const seen = await t.app.inject({ method: 'GET', url: `/api/share/${link.id}` });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      groupId: null,
      devices: [{ id: m.device.id, name: 'Shared van' }],
      positions: [{ id: Number(m.position.id), latitude: 48.1, longitude: 11.5 }],
    });
    // the viewer sees what the map needs, none of the account's records
    expect(Object.keys(seen.json().devices[0]).sort()).toEqual(
      ['category', 'id', 'lastUpdate', 'model', 'name', 'positionId', 'status'].sort(),
    );
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/share/${link.id}`, headers: m.headers });
    expect(revoked.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/share/${link.id}` })).statusCode).toBe(404);
  });

  it('accepts a form body, refuses past, far and malformed expirations, and foreign devices', async () => {
    const m = await member();
    const other = await member();
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/share/device',
      headers: { ...m.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `deviceId=${m.device.id}&expiration=${encodeURIComponent(inHours(1))}`,
    });
    expect(form.statusCode, form.body).toBe(200);
    for (const expiration of [inHours(-1), inHours(24 * 400), 'tomorrow']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/share/device',
        headers: m.headers,
        payload: { deviceId: m.device.id, expiration },
      });
      expect(res.statusCode, expiration).toBe(400);
    }
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/share/device',
      headers: m.headers,
      payload: { deviceId: other.device.id, expiration: inHours(1) },
    });
    expect(foreign.statusCode).toBe(404);
    expect(await t.ctx.db.shareLink.count({ where: { deviceId: other.device.id } })).toBe(0);
    const noFlag = await member(['VIEW_DEVICES']);
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/share/device',
      headers: noFlag.headers,
      payload: { deviceId: noFlag.device.id, expiration: inHours(1) },
    });
    expect(denied.statusCode).toBe(403);
  });

  it('gives 404 for expired, unknown and malformed links, and keeps other tenants from revoking', async () => {
    const m = await member();
    const other = await member();
    const expired = await t.ctx.db.shareLink.create({
      data: {
        id: crypto.randomUUID(),
        deviceId: m.device.id,
        tenantId: m.tenant.id,
        createdById: m.user.id,
        expiresAt: new Date(Date.now() - 1000),
      },
    });
    const live = await t.ctx.db.shareLink.create({
      data: {
        id: crypto.randomUUID(),
        deviceId: m.device.id,
        tenantId: m.tenant.id,
        createdById: m.user.id,
        expiresAt: new Date(Date.now() + 60_000),
      },
    });
    for (const id of [expired.id, crypto.randomUUID(), 'not-a-uuid']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/share/${id}` })).statusCode, id).toBe(404);
    }
    const res = await t.app.inject({ method: 'DELETE', url: `/api/share/${live.id}`, headers: other.headers });
    expect(res.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/share/${live.id}` })).statusCode).toBe(200);
  });

  it('stops when the device changes tenant or its creator loses access', async () => {
    const share = async (m: Awaited<ReturnType<typeof member>>) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/share/device',
        headers: m.headers,
        payload: { deviceId: m.device.id, expiration: inHours(2) },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().id as string;
    };
    const view = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/share/${id}` })).statusCode;

    const sold = await member();
    const soldLink = await share(sold);
    const buyer = await buildTenant(t.ctx.db);
    await t.ctx.db.device.update({ where: { id: sold.device.id }, data: { tenantId: buyer.id } });
    expect(await view(soldLink)).toBe(404);

    const disabled = await member();
    const disabledLink = await share(disabled);
    await t.ctx.db.user.update({ where: { id: disabled.user.id }, data: { disabled: true } });
    expect(await view(disabledLink)).toBe(404);

    const deleted = await member();
    const deletedLink = await share(deleted);
    await t.ctx.db.user.delete({ where: { id: deleted.user.id } });
    expect(await view(deletedLink)).toBe(404);

    const demoted = await member();
    const demotedLink = await share(demoted);
    await t.ctx.db.role.update({
      where: { id: demoted.user.roleId as number },
      data: { permissions: ['VIEW_DEVICES'] },
    });
    expect(await view(demotedLink)).toBe(404);

    const moved = await member();
    const movedLink = await share(moved);
    const elsewhere = await buildTenant(t.ctx.db);
    await t.ctx.db.user.update({ where: { id: moved.user.id }, data: { tenantId: elsewhere.id } });
    expect(await view(movedLink)).toBe(404);

    // a link from before creators were recorded has no one vouching for it
    const legacy = await member();
    const orphan = await t.ctx.db.shareLink.create({
      data: {
        id: crypto.randomUUID(),
        deviceId: legacy.device.id,
        tenantId: legacy.tenant.id,
        expiresAt: new Date(Date.now() + 60_000),
      },
    });
    expect(await view(orphan.id)).toBe(404);

    const kept = await member();
    expect(await view(await share(kept))).toBe(200);
  });

  it('is refused while the server disables sharing', async () => {
    const m = await member();
    await t.ctx.db.server.update({ where: { id: 1 }, data: { disableShare: true } });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/share/device',
        headers: m.headers,
        payload: { deviceId: m.device.id, expiration: inHours(1) },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(SHARE_DISABLED);
    } finally {
      await t.ctx.db.server.update({ where: { id: 1 }, data: { disableShare: false } });
    }
  });
});

describe('POST /api/share/group', () => {
  /** A tenant member with a group holding its device, a subgroup holding another, and a device outside both. */
  async function fleet(permissions: Permission[] = ['TRACK_DEVICES']) {
    const m = await member(permissions);
    const group = await t.ctx.db.group.create({ data: { name: 'Fleet', tenantId: m.tenant.id } });
    const sub = await t.ctx.db.group.create({
      data: { name: 'North', tenantId: m.tenant.id, parentGroupId: group.id },
    });
    await t.ctx.db.device.update({ where: { id: m.device.id }, data: { groupId: group.id } });
    const inSub = await t.ctx.db.device.create({
      data: { name: 'North van', uniqueId: `share-sub-${nextSeq()}`, tenantId: m.tenant.id, groupId: sub.id },
    });
    const outside = await t.ctx.db.device.create({
      data: { name: 'Elsewhere', uniqueId: `share-out-${nextSeq()}`, tenantId: m.tenant.id },
    });
    return { ...m, group, sub, inSub, outside };
  }
  const shareGroup = (headers: Record<string, string>, groupId: number, expiration = inHours(2)) =>
    t.app.inject({ method: 'POST', url: '/api/share/group', headers, payload: { groupId, expiration } });
  const ids = (body: { devices: { id: number }[] }) => body.devices.map((d) => d.id);

  it('shares every device of the group and its subgroups, now and later, and nothing else', async () => {
    const f = await fleet();
    const created = await shareGroup(f.headers, f.group.id);
    expect(created.statusCode, created.body).toBe(200);
    const link = created.json();
    expect(link).toMatchObject({ deviceId: null, groupId: f.group.id });
    expect(link.url).toBe(`https://track.example.test/devices/share/${link.id}`);
    const seen = await t.app.inject({ method: 'GET', url: `/api/share/${link.id}` });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ groupId: f.group.id, positions: [{ id: Number(f.position.id) }] });
    expect(ids(seen.json())).toEqual([f.device.id, f.inSub.id]);
    expect(Object.keys(seen.json().devices[1]).sort()).toEqual(
      ['category', 'id', 'lastUpdate', 'model', 'name', 'positionId', 'status'].sort(),
    );
    // a device added to the group later is shared too; one moved to another tenant is not
    const later = await t.ctx.db.device.create({
      data: { name: 'Later', uniqueId: `share-later-${nextSeq()}`, tenantId: f.tenant.id, groupId: f.sub.id },
    });
    const buyer = await buildTenant(t.ctx.db);
    await t.ctx.db.device.update({ where: { id: f.inSub.id }, data: { tenantId: buyer.id } });
    const again = (await t.app.inject({ method: 'GET', url: `/api/share/${link.id}` })).json();
    expect(ids(again)).toEqual([f.device.id, later.id]);
    // a form post gets the token alone, as Traccar 6 answers
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/share/group',
      headers: { authorization: f.headers.authorization, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `groupId=${f.group.id}&expiration=${encodeURIComponent(inHours(1))}`,
    });
    expect(form.statusCode).toBe(200);
    expect(form.body).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/share/${link.id}`, headers: f.headers })).statusCode,
    ).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/share/${link.id}` })).statusCode).toBe(404);
  });

  it('refuses another tenant’s group, no flag, disabled sharing and bad expirations; expired links show nothing', async () => {
    const f = await fleet();
    const other = await fleet();
    const foreign = await shareGroup(f.headers, other.group.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Group not found');
    expect(await t.ctx.db.shareLink.count({ where: { groupId: other.group.id } })).toBe(0);
    const noFlag = await fleet(['VIEW_DEVICES']);
    expect((await shareGroup(noFlag.headers, noFlag.group.id)).statusCode).toBe(403);
    expect((await shareGroup(f.headers, f.group.id, new Date(Date.now() - 1000).toISOString())).statusCode).toBe(400);
    expect((await shareGroup(f.headers, f.group.id, inHours(24 * 400))).statusCode).toBe(400);
    await t.ctx.db.server.update({ where: { id: 1 }, data: { disableShare: true } });
    try {
      const res = await shareGroup(f.headers, f.group.id);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(SHARE_DISABLED);
    } finally {
      await t.ctx.db.server.update({ where: { id: 1 }, data: { disableShare: false } });
    }
    const expired = await t.ctx.db.shareLink.create({
      data: {
        id: crypto.randomUUID(),
        groupId: f.group.id,
        tenantId: f.tenant.id,
        createdById: f.user.id,
        expiresAt: new Date(Date.now() - 1000),
      },
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/share/${expired.id}` })).statusCode).toBe(404);
    const ws = await t.app.injectWS(`/api/socket?share=${expired.id}`).catch((err: Error) => err);
    expect(ws).toBeInstanceOf(Error);
    // a group moved to another tenant ends its links
    const moved = await shareGroup(other.headers, other.group.id);
    expect(moved.statusCode).toBe(200);
    await t.ctx.db.group.update({ where: { id: other.group.id }, data: { tenantId: f.tenant.id } });
    expect((await t.app.inject({ method: 'GET', url: `/api/share/${moved.json().id}` })).statusCode).toBe(404);
  });

  it('streams the group’s devices to an anonymous viewer, never another device or tenant', async () => {
    const f = await fleet();
    const link = (await shareGroup(f.headers, f.group.id)).json();
    const ws = await t.app.injectWS(`/api/socket?share=${link.id}`);
    const { frames } = watch(ws);
    await until(() => frames.length >= 2);
    expect(frames[0]).toMatchObject({ devices: [{ id: f.device.id }, { id: f.inSub.id }] });
    expect(frames[1]).toMatchObject({ positions: [{ id: Number(f.position.id) }] });
    const position = (deviceId: number, id: number) =>
      ({ ...(frames[1] as { positions: object[] }).positions[0], deviceId, id }) as never;
    const other = await fleet();
    t.ctx.live.publish([
      { tenantId: other.tenant.id, deviceId: other.device.id, positions: [position(other.device.id, 910001)] },
    ]);
    t.ctx.live.publish([
      { tenantId: f.tenant.id, deviceId: f.outside.id, positions: [position(f.outside.id, 910002)] },
    ]);
    t.ctx.live.publish([{ tenantId: f.tenant.id, deviceId: f.inSub.id, positions: [position(f.inSub.id, 910003)] }]);
    await until(() => frames.length >= 3);
    await new Promise((r) => setTimeout(r, 100));
    expect(frames.slice(2)).toEqual([{ positions: [expect.objectContaining({ id: 910003, deviceId: f.inSub.id })] }]);
    // a device added to the group later streams once a report of it has made the viewer re-read the group (at
    // most once every SHARE_REFRESH_MS; the reports of f.outside above prompted one just now)
    const later = await t.ctx.db.device.create({
      data: { name: 'Later', uniqueId: `share-later-${nextSeq()}`, tenantId: f.tenant.id, groupId: f.group.id },
    });
    const report = (id: number) =>
      t.ctx.live.publish([{ tenantId: f.tenant.id, deviceId: later.id, positions: [position(later.id, id)] }]);
    report(910004);
    await new Promise((r) => setTimeout(r, SHARE_REFRESH_MS + 200));
    report(910005);
    await new Promise((r) => setTimeout(r, 300));
    report(910006);
    await until(() => frames.some((fr) => JSON.stringify(fr).includes('910006')));
    expect(JSON.stringify(frames)).not.toContain('910001');
    expect(JSON.stringify(frames)).not.toContain('910002');
    ws.terminate();
  });
});

describe('share links as Traccar’s clients make them', () => {
  it('answers a form post with the token as text, which opens the shared device at /?token=', async () => {
    const m = await member();
    const form = new URLSearchParams({ deviceId: String(m.device.id), expiration: inHours(1) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/share/device',
      headers: { ...m.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const token = res.body;
    expect(await t.ctx.db.shareLink.findUnique({ where: { id: token } })).toMatchObject({ deviceId: m.device.id });
    const shared = await t.app.inject({ method: 'GET', url: `/api/share/${token}` });
    expect(shared.json()).toMatchObject({ devices: [{ id: m.device.id }] });
    const opened = await t.app.inject({ method: 'GET', url: `/?token=${token}` });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(`/devices/share/${token}`);
    // an API token in the same place is left to the web app
    expect((await t.app.inject({ method: 'GET', url: '/?token=eyJhbGciOi.x.y' })).statusCode).not.toBe(302);
  });
});
