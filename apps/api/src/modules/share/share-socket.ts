import { publicDevice } from '@waymark/contracts/share';
import type { DevicesFrame } from '@waymark/contracts/socket';
import { frameText } from '@waymark/contracts/socket';
import type { ShareLink } from '@waymark/db/client';
import type { WebSocket } from 'ws';
import type { AppContext } from '../../context';
import { activeShare, sharedDevice, watchShare } from './share.service';

/** How often a share socket re-reads its link (revocation on another node, deleted device, creator's access). */
export const SHARE_RECHECK_MS = 30_000;
export const SHARE_KEEPALIVE_MS = 55_000;
/** Close code and reason sent when the link expires or is revoked. */
export const SHARE_CLOSE_CODE = 4001;
export const SHARE_CLOSE_REASON = 'The share link has expired';
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * An anonymous viewer's socket of a share link (contracts' shareFrameSchema): `{"devices"}` and `{"positions"}`
 * of that one device on connect and as they happen (never events, never other devices), closed when the link
 * expires, is revoked, its device moves to another tenant or its creator may no longer share it.
 */
export async function streamShare(ctx: AppContext, socket: WebSocket, link: ShareLink): Promise<void> {
  let closed = false;
  const send = (frame: string) => {
    if (!closed && socket.readyState === socket.OPEN) socket.send(frame);
  };
  const recheck = () => {
    activeShare(ctx, link.id)
      .then((still) => {
        if (!still) end();
      })
      .catch((err) => ctx.log.warn({ err }, 'share link not rechecked'));
  };
  const unsubscribe = ctx.live.subscribe({
    sees: (tenantId, deviceId) => {
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
  send(frameText({ devices: [shared.device] }));
  send(frameText({ positions: shared.position ? [shared.position] : [] }));
}
