import { randomUUID } from 'node:crypto';
import type { SharedDevice, ShareGroupInput, ShareInput, ShareLink as ShareLinkDto } from '@waymark/contracts/share';
import { SHARE_MAX_MS } from '@waymark/contracts/share';
import type { Device, DeviceModel, Position, ShareLink } from '@waymark/db/client';
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
 * The share link of this id while it is valid, else null. Valid: not revoked, not expired, its device (or group)
 * still in the tenant it was shared from, and its creator still able to share it — signs in, holds TRACK_DEVICES
 * and still sees that tenant. A link stops the moment any of these changes, without anyone revoking it.
 */
export async function activeShare(ctx: AppContext, id: string, now = new Date()): Promise<ShareLink | null> {
  if (!UUID.test(id)) return null;
  const row = await ctx.db.shareLink.findFirst({
    where: { id, revokedAt: null, expiresAt: { gt: now } },
    include: { device: { select: { tenantId: true } }, group: { select: { tenantId: true } } },
  });
  const target = row?.device ?? row?.group;
  if (!row || !target || target.tenantId !== row.tenantId) return null;
  const { device: _device, group: _group, ...link } = row;
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

/** The groups a group link covers: the group and its subgroups, those of the link's tenant only. */
async function sharedGroups(ctx: AppContext, link: ShareLink): Promise<number[]> {
  if (link.groupId === null) return [];
  const rows = await ctx.db.$queryRaw<{ id: number }[]>`
    WITH RECURSIVE tree(id) AS (
      SELECT id FROM groups WHERE id = ${link.groupId} AND "tenantId" IS NOT DISTINCT FROM ${link.tenantId}
      UNION SELECT g.id FROM groups g JOIN tree ON g."parentGroupId" = tree.id
        WHERE g."tenantId" IS NOT DISTINCT FROM ${link.tenantId}
    ) SELECT id FROM tree`;
  return rows.map((r) => r.id);
}

/** The ids of the devices a link shows now (its device, or those of its group and subgroups, in its tenant). */
export async function sharedDeviceIds(ctx: AppContext, link: ShareLink): Promise<Set<number>> {
  if (link.deviceId !== null) return new Set([link.deviceId]);
  const rows = await ctx.db.device.findMany({
    where: { groupId: { in: await sharedGroups(ctx, link) }, tenantId: link.tenantId },
    select: { id: true },
  });
  return new Set(rows.map((r) => r.id));
}

/** The devices a link shows (while they stay in its tenant), by id. */
async function sharedDeviceRows(ctx: AppContext, link: ShareLink): Promise<(Device & { model: DeviceModel | null })[]> {
  const where =
    link.deviceId !== null
      ? { id: link.deviceId, tenantId: link.tenantId }
      : { groupId: { in: await sharedGroups(ctx, link) }, tenantId: link.tenantId };
  return ctx.db.device.findMany({ where, include: { model: true }, orderBy: { id: 'asc' }, take: 10_000 });
}

/** The shared devices and their latest positions; null when a one-device link's device has left its tenant. */
export async function sharedDevice(ctx: AppContext, link: ShareLink): Promise<SharedDevice | null> {
  const devices = await sharedDeviceRows(ctx, link);
  if (link.deviceId !== null && devices.length === 0) return null;
  const positions: Position[] = [];
  for (const device of devices) {
    if (device.positionId === null) continue;
    const position = await ctx.db.position.findFirst({
      where: latestPositionOf({ ...device, positionId: device.positionId }),
    });
    if (position) positions.push(position);
  }
  return presentSharedDevice(link, devices, positions);
}

/** Refuses sharing when the server forbids it, and expirations in the past or over SHARE_MAX_MS ahead. */
async function checkShare(ctx: AppContext, expiration: string): Promise<Date> {
  const server = await ctx.db.server.findUnique({ where: { id: 1 }, select: { disableShare: true } });
  if (server?.disableShare) throw forbidden(SHARE_DISABLED);
  const expiresAt = new Date(expiration);
  const ahead = expiresAt.getTime() - Date.now();
  if (ahead <= 0) throw badRequest('The expiration must be in the future');
  if (ahead > SHARE_MAX_MS) throw badRequest('A share link lasts at most a year');
  return expiresAt;
}

/** Shares one visible device until `expiration` (at most SHARE_MAX_MS ahead), unless the server forbids sharing. */
export async function createShare(ctx: AppContext, auth: AuthContext, input: ShareInput): Promise<ShareLinkDto> {
  await checkNotReadonly(ctx, auth);
  const device = found(
    await auth.db.device.findUnique({ where: { id: input.deviceId }, select: { id: true, tenantId: true } }),
    'Device not found',
  );
  return createLink(ctx, auth, 'device', device, input.expiration);
}

/**
 * Shares a visible group until `expiration`: its holder sees every device of the group and its subgroups (those
 * added later too), read-only, under the same rules as a device link.
 */
export async function createGroupShare(
  ctx: AppContext,
  auth: AuthContext,
  input: ShareGroupInput,
): Promise<ShareLinkDto> {
  await checkNotReadonly(ctx, auth);
  const group = found(
    await auth.db.group.findUnique({ where: { id: input.groupId }, select: { id: true, tenantId: true } }),
    'Group not found',
  );
  return createLink(ctx, auth, 'group', group, input.expiration);
}

/** The link of a device or a group the caller sees: the server's rules checked, the link stored and audited. */
async function createLink(
  ctx: AppContext,
  auth: AuthContext,
  kind: 'device' | 'group',
  object: { id: number; tenantId: number | null },
  expiration: string,
): Promise<ShareLinkDto> {
  const expiresAt = await checkShare(ctx, expiration);
  const row = await auth.db.shareLink.create({
    data: {
      id: randomUUID(),
      ...(kind === 'device' ? { deviceId: object.id } : { groupId: object.id }),
      tenantId: object.tenantId,
      createdById: auth.user.id,
      expiresAt,
    },
  });
  await audit(ctx, {
    action: `${kind}.shared`,
    userId: auth.user.id,
    tenantId: object.tenantId,
    objectType: kind,
    objectId: object.id,
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
    action: link.groupId !== null ? 'group.share.revoked' : 'device.share.revoked',
    userId: auth.user.id,
    tenantId: link.tenantId,
    objectType: link.groupId !== null ? 'group' : 'device',
    objectId: link.groupId ?? link.deviceId ?? undefined,
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
