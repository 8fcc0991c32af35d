import { publicDevice } from '@waymark/contracts/share';
import type { DevicesFrame } from '@waymark/contracts/socket';
import { frameText } from '@waymark/contracts/socket';
import type { ShareLink } from '@waymark/db/client';
import type { WebSocket } from 'ws';
import type { AppContext } from '../../context';
import { activeShare, sharedDevice, sharedDeviceIds, watchShare } from './share.service';

/** How often a share socket re-reads its link (revocation on another node, deleted device, creator's access). */
export const SHARE_RECHECK_MS = 30_000;
export const SHARE_KEEPALIVE_MS = 55_000;
/** The shortest time between two re-reads of a group link's devices prompted by an unknown device reporting. */
export const SHARE_REFRESH_MS = 1_000;
/** Close code and reason sent when the link expires or is revoked. */
export const SHARE_CLOSE_CODE = 4001;
export const SHARE_CLOSE_REASON = 'The share link has expired';
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * An anonymous viewer's socket of a share link (contracts' shareFrameSchema): `{"devices"}` and `{"positions"}`
 * of its device (or its group's devices) on connect and as they happen (never events, never other devices),
 * closed when the link expires, is revoked, its device (or group) moves to another tenant or its creator may no
 * longer share it. A group link's devices are re-read at every recheck and when an unknown device of the link's
 * tenant reports (a device added to the group appears; one moved out disappears).
 */
export async function streamShare(ctx: AppContext, socket: WebSocket, link: ShareLink): Promise<void> {
  let closed = false;
  const send = (frame: string) => {
    if (!closed && socket.readyState === socket.OPEN) socket.send(frame);
  };
  let covered = new Set(link.deviceId !== null ? [link.deviceId] : []);
  let refreshing = false;
  let refreshedAt = 0;
  const refresh = () => {
    // at most one re-read every SHARE_REFRESH_MS: a busy tenant's other devices report all the time
    if (link.groupId === null || refreshing || Date.now() - refreshedAt < SHARE_REFRESH_MS) return;
    refreshing = true;
    refreshedAt = Date.now();
    sharedDeviceIds(ctx, link)
      .then((ids) => {
        covered = ids;
      })
      .catch((err) => ctx.log.warn({ err }, 'share link devices not re-read'))
      .finally(() => {
        refreshing = false;
      });
  };
  const recheck = () => {
    activeShare(ctx, link.id)
      .then((still) => {
        if (!still) end();
        else refresh();
      })
      .catch((err) => ctx.log.warn({ err }, 'share link not rechecked'));
  };
  const unsubscribe = ctx.live.subscribe({
    sees: (tenantId, deviceId) => {
      if (link.groupId !== null) {
        if (tenantId !== link.tenantId) return false;
        if (!covered.has(deviceId)) refresh();
        return covered.has(deviceId);
      }
      if (deviceId !== link.deviceId) return false;
      // the device now belongs to another tenant: the link has ended
      if (tenantId !== link.tenantId) {
        queueMicrotask(end);
        return false;
      }
      return true;
    },
    // the creator's access changed (role, tenant, disabled…): the link lives only while they may still share it
    ...(link.createdById !== null ? { onBehalfOf: link.createdById } : {}),
    recheck,
    // only device and position frames (events stay with the account's users), devices cut to their public fields
    send: (frame) => {
      if (frame.startsWith('{"positions"')) send(frame);
      else if (frame.startsWith('{"devices"')) {
        const { devices } = JSON.parse(frame) as DevicesFrame; // the hub's own text of a devices frame
        send(frameText({ devices: devices.map(publicDevice) }));
      }
    },
  });
  const end = () => {
    if (closed) return;
    closed = true;
    if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) {
      socket.close(SHARE_CLOSE_CODE, SHARE_CLOSE_REASON);
    }
  };
  const unwatch = watchShare(link.id, end);
  const remaining = link.expiresAt.getTime() - Date.now();
  const expiry = remaining < MAX_TIMER_MS ? setTimeout(end, Math.max(0, remaining)) : undefined;
  const keepalive = setInterval(() => send(frameText({})), SHARE_KEEPALIVE_MS);
  const rechecks = setInterval(recheck, SHARE_RECHECK_MS);
  socket.on('close', () => {
    closed = true;
    clearTimeout(expiry);
    clearInterval(keepalive);
    clearInterval(rechecks);
    unwatch();
    unsubscribe();
  });
  const shared = await sharedDevice(ctx, link);
  if (!shared) return end();
  covered = new Set(shared.devices.map((d) => d.id));
  send(frameText({ devices: shared.devices }));
  send(frameText({ positions: shared.positions }));
}
