import type { Permission } from '@waymark/contracts/permissions';
import type { WebSocket } from 'ws';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import { storePosition } from '../../testing/history';
import type { TestApp } from '../../testing/test-app';

let seq = 0;

/** A tenant member holding `permissions`, signed in, with a device and its latest position. */
export async function shareMember(t: TestApp, permissions: Permission[] = ['TRACK_DEVICES']) {
  const tenant = await buildTenant(t.ctx.db);
  const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions });
  const { authorization } = await signIn(t.app, user.email);
  const device = await t.ctx.db.device.create({
    data: { name: 'Shared van', uniqueId: `share-${tenant.id}-${nextSeq()}`, tenantId: tenant.id },
  });
  const time = new Date('2026-06-01T08:00:00Z');
  const position = await storePosition(t.ctx.db, {
    data: {
      deviceId: device.id,
      tenantId: tenant.id,
      deviceTime: time,
      fixTime: time,
      valid: true,
      latitude: 48.1,
      longitude: 11.5,
    },
  });
  await t.ctx.db.device.update({
    where: { id: device.id },
    data: { positionId: position.id, positionTime: position.fixTime },
  });
  return { tenant, user, device, position, headers: { authorization, accept: 'application/json' } };
}

/** A unique id for a test device's uniqueId. */
export const nextSeq = () => ++seq;

/** An ISO time `h` hours from now. */
export const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

/** Collects a socket's frames and its close. */
export function watch(ws: WebSocket) {
  const frames: Record<string, unknown>[] = [];
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  ws.on('message', (data) => frames.push(JSON.parse(String(data))));
  return { frames, closed };
}
export const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};
