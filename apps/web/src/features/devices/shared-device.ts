import { useQuery, useQueryClient } from '@tanstack/react-query';
import { positionSchema } from '@waymark/contracts/device';
import { publicDeviceSchema, type SharedDevice, sharedDeviceSchema } from '@waymark/contracts/share';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { http } from '../../api/http';
import { deviceKeys } from './devices.queries';

/** The socket closes with this code when the share link expires or is revoked. */
export const SHARE_EXPIRED_CODE = 4001;

const shareKey = (id: string) => [...deviceKeys.all, 'share', id] as const;

/** GET /api/share/:id (public): the shared device, its latest position and the link's expiry. */
export function useSharedDeviceQuery(id: string) {
  return useQuery({
    queryKey: shareKey(id),
    queryFn: ({ signal }) => http(`/api/share/${encodeURIComponent(id)}`, { schema: sharedDeviceSchema, signal }),
    retry: false,
  });
}

const frameSchema = z.object({
  devices: z.array(publicDeviceSchema.passthrough()).optional(),
  positions: z.array(positionSchema).optional(),
});

/** Applies one socket frame to the shared device's cached answer. */
export function applyShareFrame(current: SharedDevice, frame: unknown): SharedDevice {
  const parsed = frameSchema.safeParse(frame);
  if (!parsed.success) return current;
  const device = parsed.data.devices?.find((d) => d.id === current.device.id);
  const position = parsed.data.positions?.filter((p) => p.deviceId === current.device.id).at(-1);
  if (!device && !position) return current;
  return {
    ...current,
    device: device ? publicDeviceSchema.parse(device) : current.device,
    position: position ?? current.position,
  };
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
