import type { Permission } from '@waymark/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildAuthContext } from '../../plugins/app/auth-context';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { updateRole } from '../roles/roles.service';
import { updateUser } from '../users/users.service';
import { SOCKET_REVOKED } from './socket.routes';
import { LIVE_PERMISSIONS } from './socket.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

interface Live {
  frames: Record<string, unknown>[];
  /** the close code, once closed */
  closed: Promise<number>;
  ws: WebSocket;
}

/** A real websocket on /api/socket: resolves once its first frame came, rejects on a refused upgrade. */
async function connect(accessToken: string): Promise<Live> {
  const { port } = t.app.server.address() as { port: number };
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/socket?token=${encodeURIComponent(accessToken)}`);
  const frames: Record<string, unknown>[] = [];
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const first = new Promise<void>((resolve, reject) => {
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
    ws.once('message', () => resolve());
  });
  ws.on('message', (data) => frames.push(JSON.parse(String(data))));
  await first;
  return { frames, closed, ws };
}

async function member(permissions: Permission[], tenantId?: number) {
  const tenant = tenantId ?? (await buildTenant(t.ctx.db)).id;
  const user = await buildUser(t.ctx.db, { tenantId: tenant, permissions });
  const { body } = await signIn(t.app, user.email);
  return { user, tenantId: tenant, token: body.accessToken as string };
}

const stillOpen = (live: Live) => live.ws.readyState === WebSocket.OPEN;
const waitFor = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('/api/socket access', () => {
  it('needs a flag that reads positions, the same flags as GET /api/positions', async () => {
    const positions = t.app.routeTable.find((r) => r.method === 'GET' && r.url === '/api/positions');
    expect([...(positions?.permissions ?? [])].sort()).toEqual([...LIVE_PERMISSIONS].sort());
    const noFlag = await member(['VIEW_USERS']);
    const rest = await t.app.inject({
      method: 'GET',
      url: '/api/positions',
      headers: { authorization: `Bearer ${noFlag.token}` },
    });
    expect(rest.statusCode).toBe(403);
    await expect(connect(noFlag.token)).rejects.toThrow('HTTP 403');
    for (const flag of LIVE_PERMISSIONS) {
      const allowed = await member([flag]);
      const live = await connect(allowed.token);
      expect(live.frames[0]).toEqual({ positions: [] });
      live.ws.close();
    }
  });

  it('sends the rows of its tenants only', async () => {
    const a = await member(['VIEW_DEVICES']);
    const b = await member(['VIEW_DEVICES']);
    const live = await connect(a.token);
    const device = (id: number, tenantId: number) => ({ id, tenantId, name: `d${id}` }) as never;
    t.ctx.live.publish([
      { tenantId: b.tenantId, deviceId: 1, devices: [device(1, b.tenantId)] },
      { tenantId: a.tenantId, deviceId: 2, devices: [device(2, a.tenantId)] },
    ]);
    await waitFor(() => live.frames.length >= 2);
    expect(live.frames[1]).toEqual({ devices: [expect.objectContaining({ id: 2 })] });
    live.ws.close();
  });
});

describe('/api/socket is closed when its access changes', () => {
  it('closes with 4001 when the hub disconnects its user or its session', async () => {
    const a = await member(['VIEW_DEVICES']);
    const byUser = await connect(a.token);
    const b = await member(['VIEW_DEVICES']);
    const bySession = await connect(b.token);
    const bystander = await connect((await member(['VIEW_DEVICES'])).token);
    await t.ctx.live.disconnect({ userIds: [a.user.id], reason: 'Account disabled' });
    expect(await byUser.closed).toBe(SOCKET_REVOKED);
    const session = await t.ctx.db.authSession.findFirst({ where: { userId: b.user.id } });
    await t.ctx.live.disconnect({ sessionIds: [session?.id ?? ''], reason: 'Signed out' });
    expect(await bySession.closed).toBe(SOCKET_REVOKED);
    expect(stillOpen(bystander)).toBe(true);
    bystander.ws.close();
  });

  it("closes the sockets of a role's users when its flags change, and of a user whose role or tenant changes", async () => {
    const admin = await buildUser(t.ctx.db, { administrator: true });
    const adminAuth = await buildAuthContext(t.ctx.db, admin, 'bearer');
    const tenant = (await buildTenant(t.ctx.db)).id;
    const role = await t.ctx.db.role.create({
      data: { name: 'Dispatch', tenantId: tenant, permissions: ['VIEW_DEVICES', 'SEND_COMMAND'] },
    });
    const other = await t.ctx.db.role.create({
      data: { name: 'Watch', tenantId: tenant, permissions: ['VIEW_DEVICES'] },
    });
    const sign = async (roleId: number) => {
      const user = await buildUser(t.ctx.db, { tenantId: tenant, roleId });
      const { body } = await signIn(t.app, user.email);
      return { user, live: await connect(body.accessToken) };
    };
    const [first, second, moved, retyped, bystander] = [
      await sign(role.id),
      await sign(role.id),
      await sign(other.id),
      await sign(other.id),
      await sign(other.id),
    ];

    // a rename keeps the flags: nobody is closed
    await updateRole(t.ctx, adminAuth, role.id, { name: 'Dispatchers', permissions: ['SEND_COMMAND', 'VIEW_DEVICES'] });
    await new Promise((r) => setTimeout(r, 100));
    expect([first, second].map((s) => stillOpen(s.live))).toEqual([true, true]);

    await updateRole(t.ctx, adminAuth, role.id, { name: 'Dispatchers', permissions: ['VIEW_DEVICES'] });
    expect(await first.live.closed).toBe(SOCKET_REVOKED);
    expect(await second.live.closed).toBe(SOCKET_REVOKED);

    await updateUser(t.ctx, adminAuth, retyped.user.id, { roleId: role.id });
    expect(await retyped.live.closed).toBe(SOCKET_REVOKED);

    const elsewhere = await buildTenant(t.ctx.db);
    await updateUser(t.ctx, adminAuth, moved.user.id, { tenantId: elsewhere.id });
    expect(await moved.live.closed).toBe(SOCKET_REVOKED);

    expect(stillOpen(bystander.live)).toBe(true);
    bystander.live.ws.close();
  });
});
