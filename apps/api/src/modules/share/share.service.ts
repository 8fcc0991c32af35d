import type { Position } from '@waymark/contracts/device';
import type { SharedDevice } from '@waymark/contracts/share';
import { publicDevice } from '@waymark/contracts/share';
import type { ShareLink } from '@waymark/db/client';
import type { AppContext } from '../../context';
import { presentDevice } from '../devices/devices.presenter';
import { presentPosition } from '../positions/positions.presenter';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The share link of this id while it is valid (not revoked, not expired), else null. */
export async function activeShare(ctx: AppContext, id: string, now = new Date()): Promise<ShareLink | null> {
  if (!UUID.test(id)) return null;
  return ctx.db.shareLink.findFirst({ where: { id, revokedAt: null, expiresAt: { gt: now } } });
}

/** The shared device and its latest position. */
export async function sharedDevice(ctx: AppContext, link: ShareLink): Promise<SharedDevice | null> {
  const device = await ctx.db.device.findUnique({ where: { id: link.deviceId }, include: { model: true } });
  if (!device) return null;
  let position: Position | null = null;
  if (device.positionId !== null) {
    const row = await ctx.db.position.findFirst({ where: { id: device.positionId, deviceId: device.id } });
    position = row ? presentPosition(row) : null;
  }
  return { device: publicDevice(presentDevice(device)), position, expiresAt: link.expiresAt.toISOString() };
}

type Closer = () => void;
const open = new Map<string, Set<Closer>>();

/** Registers a live viewer of a share link, so revoking the link ends it at once (on this node). */
export function watchShare(id: string, close: Closer): () => void {
  let set = open.get(id);
  if (!set) {
    set = new Set();
    open.set(id, set);
  }
  set.add(close);
  return () => {
    set.delete(close);
    if (set.size === 0) open.delete(id);
  };
}

/** Ends this node's live viewers of a revoked link (other nodes notice at their next check). */
export function endShare(id: string): void {
  for (const close of open.get(id) ?? []) close();
}
