import { randomUUID } from 'node:crypto';
import type { SharedDevice, ShareInput, ShareLink as ShareLinkDto } from '@waymark/contracts/share';
import { SHARE_MAX_MS } from '@waymark/contracts/share';
import type { ShareLink } from '@waymark/db/client';
import type { AppContext } from '../../context';
import { publicUrl } from '../../env';
import { badRequest, forbidden } from '../../http-error';
import { found, tenantTree } from '../../plugins/app/access-scope';
import type { AuthContext } from '../../plugins/app/auth-context';
import { accountProblem, cappedPermissions } from '../../plugins/app/auth-context';
import { audit } from '../audit/audit.service';
import { latestPositionOf } from '../positions/positions.service';
import { checkNotReadonly } from '../shared/readonly';
import { presentSharedDevice, presentShareLink } from './share.presenter';

export const SHARE_DISABLED = 'Device sharing is disabled';
export const SHARE_NOT_FOUND = 'The share link is invalid or has expired';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The share link of this id while it is valid, else null. Valid: not revoked, not expired, its device still in
 * the tenant it was shared from, and its creator still able to share it — signs in, holds TRACK_DEVICES and still
 * sees that tenant. A link stops the moment any of these changes, without anyone revoking it.
 */
export async function activeShare(ctx: AppContext, id: string, now = new Date()): Promise<ShareLink | null> {
  if (!UUID.test(id)) return null;
  const row = await ctx.db.shareLink.findFirst({
    where: { id, revokedAt: null, expiresAt: { gt: now } },
    include: { device: { select: { tenantId: true } } },
  });
  if (!row || row.device.tenantId !== row.tenantId) return null;
  const { device: _device, ...link } = row;
  return (await creatorMayShare(ctx, link)) ? link : null;
}

async function creatorMayShare(ctx: AppContext, link: ShareLink): Promise<boolean> {
  if (link.createdById === null) return false;
  const creator = await ctx.db.user.findUnique({ where: { id: link.createdById }, include: { role: true } });
  if (!creator || accountProblem(creator)) return false;
  // under the creator's plan: a tenant moved to a plan without tracking stops sharing at once
  if (!(await cappedPermissions(ctx.db, creator)).includes('TRACK_DEVICES')) return false;
  if (creator.tenantId === null) return true;
  return link.tenantId !== null && (await tenantTree(ctx.db, creator.tenantId)).includes(link.tenantId);
}

/** The shared device (while it stays in the link's tenant) and its latest position. */
export async function sharedDevice(ctx: AppContext, link: ShareLink): Promise<SharedDevice | null> {
  const device = await ctx.db.device.findFirst({
    where: { id: link.deviceId, tenantId: link.tenantId },
    include: { model: true },
  });
  if (!device) return null;
  const position =
    device.positionId === null
      ? null
      : await ctx.db.position.findFirst({ where: latestPositionOf({ ...device, positionId: device.positionId }) });
  return presentSharedDevice(link, device, position);
}

/** Shares one visible device until `expiration` (at most SHARE_MAX_MS ahead), unless the server forbids sharing. */
export async function createShare(ctx: AppContext, auth: AuthContext, input: ShareInput): Promise<ShareLinkDto> {
  await checkNotReadonly(ctx, auth);
  const device = found(
    await auth.db.device.findUnique({ where: { id: input.deviceId }, select: { id: true, tenantId: true } }),
    'Device not found',
  );
  const server = await ctx.db.server.findUnique({ where: { id: 1 }, select: { disableShare: true } });
  if (server?.disableShare) throw forbidden(SHARE_DISABLED);
  const expiresAt = new Date(input.expiration);
  const ahead = expiresAt.getTime() - Date.now();
  if (ahead <= 0) throw badRequest('The expiration must be in the future');
  if (ahead > SHARE_MAX_MS) throw badRequest('A share link lasts at most a year');
  const row = await auth.db.shareLink.create({
    data: {
      id: randomUUID(),
      deviceId: device.id,
      tenantId: device.tenantId,
      createdById: auth.user.id,
      expiresAt,
    },
  });
  await audit(ctx, {
    action: 'device.shared',
    userId: auth.user.id,
    tenantId: device.tenantId,
    objectType: 'device',
    objectId: device.id,
    details: { shareId: row.id, expiresAt: expiresAt.toISOString() },
  });
  return presentShareLink(row, publicUrl(ctx.env));
}

/** What an anonymous holder of a valid link sees; a 404 for an unknown, revoked or expired link. */
export async function viewShare(ctx: AppContext, id: string): Promise<SharedDevice> {
  const link = found(await activeShare(ctx, id), SHARE_NOT_FOUND);
  return found(await sharedDevice(ctx, link), SHARE_NOT_FOUND);
}

/** Revokes a link of a visible device and ends its live viewers on this node. */
export async function revokeShare(ctx: AppContext, auth: AuthContext, id: string): Promise<void> {
  await checkNotReadonly(ctx, auth);
  const link = found(UUID.test(id) ? await auth.db.shareLink.findUnique({ where: { id } }) : null, SHARE_NOT_FOUND);
  if (!link.revokedAt) await auth.db.shareLink.update({ where: { id }, data: { revokedAt: new Date() } });
  endShare(id);
  await audit(ctx, {
    action: 'device.share.revoked',
    userId: auth.user.id,
    tenantId: link.tenantId,
    objectType: 'device',
    objectId: link.deviceId,
    details: { shareId: id },
  });
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
