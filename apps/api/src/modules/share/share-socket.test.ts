import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAuthContext } from '../../plugins/app/auth-context';
import { buildTenant, buildUser } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { updateRole } from '../roles/roles.service';
import { shareMember, until, watch } from './share.test-kit';
import { SHARE_CLOSE_CODE } from './share-socket';

// The share socket: what an anonymous holder of a device link receives, and when the stream ends. (Group links on
// the socket: share.routes.test.ts.)
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WAYMARK_PUBLIC_URL: 'https://track.example.test/' });
});
afterAll(() => t.close());

const member = () => shareMember(t);
/** A link to the member's device, stored as the service stores one, expiring `ms` from now. */
const deviceLink = (m: Awaited<ReturnType<typeof member>>, ms: number) =>
  t.ctx.db.shareLink.create({
    data: {
      id: crypto.randomUUID(),
      deviceId: m.device.id,
      tenantId: m.tenant.id,
      createdById: m.user.id,
      expiresAt: new Date(Date.now() + ms),
    },
  });

describe('/api/socket?share=', () => {
  it('streams that one device’s positions to an anonymous viewer and closes at expiry', async () => {
    const m = await member();
    const link = await deviceLink(m, 1500);
    const ws = await t.app.injectWS(`/api/socket?share=${link.id}`);
    const { frames, closed } = watch(ws);
    await until(() => frames.length >= 2);
    expect(frames[0]).toMatchObject({ devices: [{ id: m.device.id }] });
    expect(frames[1]).toMatchObject({ positions: [{ id: Number(m.position.id) }] });
    const other = await member();
    const position = (deviceId: number, id: number) => ({ ...(frames[1] as object), deviceId, id }) as never;
    t.ctx.live.publish([
      { tenantId: other.tenant.id, deviceId: other.device.id, positions: [position(other.device.id, 900001)] },
      {
        tenantId: m.tenant.id,
        deviceId: m.device.id,
        events: [
          {
            id: 1,
            type: 'alarm',
            eventTime: new Date().toISOString(),
            deviceId: m.device.id,
            positionId: 0,
            geofenceId: 0,
            maintenanceId: 0,
            attributes: {},
          },
        ],
      },
      { tenantId: m.tenant.id, deviceId: m.device.id, positions: [position(m.device.id, 900002)] },
    ]);
    await until(() => frames.length >= 3);
    expect(frames[2]).toEqual({ positions: [expect.objectContaining({ id: 900002, deviceId: m.device.id })] });
    expect(await closed).toBe(SHARE_CLOSE_CODE);
    expect(frames).toHaveLength(3);
  });

  it('ends the stream when the link is revoked, and refuses invalid links', async () => {
    const m = await member();
    const link = await deviceLink(m, 60_000);
    const ws = await t.app.injectWS(`/api/socket?share=${link.id}`);
    const { frames, closed } = watch(ws);
    await until(() => frames.length >= 2);
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/share/${link.id}`, headers: m.headers });
    expect(revoked.statusCode).toBe(204);
    expect(await closed).toBe(SHARE_CLOSE_CODE);
    await expect(t.app.injectWS(`/api/socket?share=${link.id}`)).rejects.toThrow();
    await expect(t.app.injectWS('/api/socket?share=not-a-link')).rejects.toThrow();
  });

  it('ends the stream when the device moves to another tenant', async () => {
    const m = await member();
    const link = await deviceLink(m, 60_000);
    const ws = await t.app.injectWS(`/api/socket?share=${link.id}`);
    const { frames, closed } = watch(ws);
    await until(() => frames.length >= 2);
    const buyer = await buildTenant(t.ctx.db);
    await t.ctx.db.device.update({ where: { id: m.device.id }, data: { tenantId: buyer.id } });
    const position = { ...(frames[1] as { positions: object[] }).positions[0], id: 900003 } as never;
    t.ctx.live.publish([{ tenantId: buyer.id, deviceId: m.device.id, positions: [position] }]);
    expect(await closed).toBe(SHARE_CLOSE_CODE);
    expect(frames).toHaveLength(2);
    await expect(t.app.injectWS(`/api/socket?share=${link.id}`)).rejects.toThrow();
  });

  it("ends the stream when its creator's access changes and they may no longer share", async () => {
    const m = await member();
    const link = await deviceLink(m, 60_000);
    const ws = await t.app.injectWS(`/api/socket?share=${link.id}`);
    const { frames, closed } = watch(ws);
    await until(() => frames.length >= 2);
    const admin = await buildUser(t.ctx.db, { administrator: true });
    const adminAuth = await buildAuthContext(t.ctx.db, admin, 'bearer');
    const roleId = m.user.roleId as number;
    // a change that keeps TRACK_DEVICES leaves the viewer connected
    await updateRole(t.ctx, adminAuth, roleId, { name: 'Trackers', permissions: ['TRACK_DEVICES', 'VIEW_DEVICES'] });
    await new Promise((r) => setTimeout(r, 150));
    expect(ws.readyState).toBe(ws.OPEN);
    await updateRole(t.ctx, adminAuth, roleId, { name: 'Trackers', permissions: ['VIEW_DEVICES'] });
    expect(await closed).toBe(SHARE_CLOSE_CODE);
  });

  it('leaves signed-in sockets as they were', async () => {
    const m = await member();
    const token = m.headers.authorization.replace('Bearer ', '');
    const ws = await t.app.injectWS(`/api/socket?token=${encodeURIComponent(token)}`);
    const { frames } = watch(ws);
    await until(() => frames.length >= 1);
    expect(frames[0]).toEqual({ positions: [expect.objectContaining({ id: Number(m.position.id) })] });
    ws.terminate();
    await expect(t.app.injectWS('/api/socket')).rejects.toThrow();
  });
});
