import { useQueryClient } from '@tanstack/react-query';
import type { Position } from '@waymark/contracts/device';
import type { Event } from '@waymark/contracts/event';
import type { LiveFrame } from '@waymark/contracts/socket';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { refreshAccessToken } from '../api/http';
import { getAccessToken } from '../api/token-storage';
import { deviceKeys, mergeDevices, mergePositions } from '../features/devices/devices.queries';
import { keepNewestEvents, liveKeys } from './live-keys';
import { LiveSocket, type LiveStatus, socketUrl } from './live-socket';

type PositionListener = (positions: readonly Position[]) => void;

interface LiveContextValue {
  status: LiveStatus;
  /** Called with every websocket batch of positions, after the cache write; returns the unsubscribe. */
  onPositions: (listener: PositionListener) => () => void;
}

const LiveContext = createContext<LiveContextValue>({ status: 'idle', onPositions: () => () => undefined });

export interface LiveProviderProps {
  children: ReactNode;
  /** Opens the socket; tests pass a fake. Defaults to the browser's WebSocket (none in unit tests). */
  createSocket?: (url: string) => WebSocket;
}

const defaultCreateSocket =
  import.meta.env.MODE === 'test' ? undefined : (url: string) => new WebSocket(url) as WebSocket;

/**
 * The one live controller: a websocket to /api/socket writing `positions`, `devices` and `events` into the
 * query cache (one write per batch), reconnecting with backoff and re-fetching after a drop.
 */
export function LiveProvider({ children, createSocket = defaultCreateSocket }: LiveProviderProps) {
  const client = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('idle');
  const listeners = useRef(new Set<PositionListener>());

  useEffect(() => {
    if (!createSocket) return;
    const apply = (frame: LiveFrame) => {
      if ('positions' in frame) {
        const { positions } = frame;
        if (positions.length === 0) return;
        mergePositions(client, positions);
        for (const listener of listeners.current) listener(positions);
      } else if ('devices' in frame) mergeDevices(client, frame.devices);
      else if ('events' in frame && frame.events.length > 0) {
        const { events } = frame;
        client.setQueryData<Event[]>(liveKeys.events(), (old) => keepNewestEvents(old, events));
      }
    };
    const socket = new LiveSocket({
      url: () => {
        const token = getAccessToken();
        return token ? socketUrl(token) : null;
      },
      createSocket,
      onMessage: apply,
      onStatus: setStatus,
      onOpen: (reconnected) => {
        if (reconnected) void client.invalidateQueries({ queryKey: deviceKeys.all });
      },
      beforeReconnect: refreshAccessToken,
    });
    socket.start();
    return () => socket.stop();
  }, [client, createSocket]);

  const value = useMemo<LiveContextValue>(
    () => ({
      status,
      onPositions: (listener) => {
        listeners.current.add(listener);
        return () => listeners.current.delete(listener);
      },
    }),
    [status],
  );
  return <LiveContext.Provider value={value}>{children}</LiveContext.Provider>;
}

export const useLive = () => useContext(LiveContext);
