import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type SharedDevice, sharedDeviceSchema } from '@waymark/contracts/share';
import { shareFrameSchema } from '@waymark/contracts/socket';
import { useEffect, useState } from 'react';
import { http } from '../../api/http';
import { deviceKeys } from './devices.queries';

/** The socket closes with this code when the share link expires or is revoked. */
export const SHARE_EXPIRED_CODE = 4001;

const shareKey = (id: string) => [...deviceKeys.all, 'share', id] as const;

/** GET /api/share/:id (public): the shared devices, their latest positions and the link's expiry. */
export function useSharedDeviceQuery(id: string) {
  return useQuery({
    queryKey: shareKey(id),
    queryFn: ({ signal }) => http(`/api/share/${encodeURIComponent(id)}`, { schema: sharedDeviceSchema, signal }),
    retry: false,
  });
}

/**
 * Applies one socket frame (contracts' shareFrameSchema, parsed in full) to the shared devices' cached answer:
 * updates of devices the link shows (a device it did not show yet is added), and their latest positions;
 * anything else leaves it as it was.
 */
export function applyShareFrame(current: SharedDevice, frame: unknown): SharedDevice {
  const parsed = shareFrameSchema.safeParse(frame);
  if (!parsed.success) return current;
  const data = parsed.data;
  if ('devices' in data && data.devices.length > 0) {
    const byId = new Map(current.devices.map((d) => [d.id, d]));
    for (const device of data.devices) byId.set(device.id, device);
    return { ...current, devices: [...byId.values()].sort((a, b) => a.id - b.id) };
  }
  if ('positions' in data && data.positions.length > 0) {
    const byDevice = new Map(current.positions.map((p) => [p.deviceId, p]));
    const single = current.groupId === null;
    const shown = new Set(current.devices.map((d) => d.id));
    for (const position of data.positions) {
      // a one-device link shows that device only; a group link's socket sends only its devices
      if (single && !shown.has(position.deviceId)) continue;
      byDevice.set(position.deviceId, position);
    }
    const positions = [...byDevice.values()];
    if (positions.length === current.positions.length && positions.every((p, i) => p === current.positions[i])) {
      return current;
    }
    return { ...current, positions };
  }
  return current;
}

export function shareSocketUrl(id: string, location: Location = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/api/socket?share=${encodeURIComponent(id)}`;
}

/**
 * Follows the shared device over `/api/socket?share=<id>` while `enabled`, writing updates into the query cache.
 * Returns true once the server closed the socket with 4001 (the link expired or was revoked).
 */
export function useShareSocket(id: string, enabled: boolean): boolean {
  const client = useQueryClient();
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    if (!enabled || typeof WebSocket === 'undefined') return;
    let closed = false;
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      socket = new WebSocket(shareSocketUrl(id));
      socket.onmessage = (event) => {
        let frame: unknown;
        try {
          frame = JSON.parse(String(event.data));
        } catch {
          return;
        }
        client.setQueryData<SharedDevice>(shareKey(id), (current) =>
          current ? applyShareFrame(current, frame) : current,
        );
      };
      socket.onclose = (event) => {
        if (closed) return;
        if (event.code === SHARE_EXPIRED_CODE) setExpired(true);
        else retry = setTimeout(connect, 5_000);
      };
    };
    connect();
    return () => {
      closed = true;
      clearTimeout(retry);
      socket?.close();
    };
  }, [id, enabled, client]);
  return expired;
}
