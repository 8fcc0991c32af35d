import { useQueryClient } from '@tanstack/react-query';
import type { Position } from '@waymark/contracts/device';
import type { DeviceLogItem } from '@waymark/contracts/device-log';
import type { Event } from '@waymark/contracts/event';
import type { LiveFrame } from '@waymark/contracts/socket';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { refreshAccessToken } from '../api/http';
import { getAccessToken } from '../api/token-storage';
import { deviceKeys, mergeDevices, mergePositions } from '../features/devices/devices.queries';
import { keepNewestEvents, liveKeys } from './live-keys';
import { LiveSocket, type LiveStatus, socketUrl } from './live-socket';

type PositionListener = (positions: readonly Position[]) => void;
type LogListener = (entries: readonly DeviceLogItem[]) => void;

interface LiveContextValue {
  status: LiveStatus;
  /** Called with every websocket batch of positions, after the cache write; returns the unsubscribe. */
  onPositions: (listener: PositionListener) => () => void;
  /**
   * Called with the devices' raw frames as they arrive (the data report's live log): the socket asks the server
   * for them (`{"logs": true}`) while at least one listener is registered; returns the unsubscribe.
   */
  onLogs: (listener: LogListener) => () => void;
}

const LiveContext = createContext<LiveContextValue>({
  status: 'idle',
  onPositions: () => () => undefined,
  onLogs: () => () => undefined,
});

export interface LiveProviderProps {
  children: ReactNode;
  /** Opens the socket; tests pass a fake. Defaults to the browser's WebSocket (none in unit tests). */
  createSocket?: (url: string) => WebSocket;
}

const defaultCreateSocket =
  import.meta.env.MODE === 'test' ? undefined : (url: string) => new WebSocket(url) as WebSocket;

/**
 * The one live controller: a websocket to /api/socket writing `positions`, `devices` and `events` into the
 * query cache (one write per batch), reconnecting with backoff and re-fetching after a drop; `logs` frames go to
 * the live log's listeners only (they are not kept).
 */
export function LiveProvider({ children, createSocket = defaultCreateSocket }: LiveProviderProps) {
  const client = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('idle');
  const listeners = useRef(new Set<PositionListener>());
  const logListeners = useRef(new Set<LogListener>());
  const socketRef = useRef<LiveSocket | null>(null);

  useEffect(() => {
    if (!createSocket) return;
    const apply = (frame: LiveFrame) => {
      if ('positions' in frame) {
        const { positions } = frame;
        if (positions.length === 0) return;
        mergePositions(client, positions);
        for (const listener of listeners.current) listener(positions);
      } else if ('devices' in frame) mergeDevices(client, frame.devices);
      else if ('logs' in frame) {
        for (const listener of logListeners.current) listener(frame.logs);
      } else if ('events' in frame && frame.events.length > 0) {
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
        // a new socket starts without the live log: ask again for whoever still listens
        if (logListeners.current.size > 0) socket.send(JSON.stringify({ logs: true }));
      },
      beforeReconnect: refreshAccessToken,
    });
    socketRef.current = socket;
    socket.start();
    return () => {
      socketRef.current = null;
      socket.stop();
    };
  }, [client, createSocket]);

  // stable across status changes, so a live log view does not stop and start again when the socket reconnects
  const onLogs = useCallback((listener: LogListener) => {
    const logs = logListeners.current;
    if (logs.size === 0) socketRef.current?.send(JSON.stringify({ logs: true }));
    logs.add(listener);
    return () => {
      if (logs.delete(listener) && logs.size === 0) socketRef.current?.send(JSON.stringify({ logs: false }));
    };
  }, []);
  const value = useMemo<LiveContextValue>(
    () => ({
      status,
      onPositions: (listener) => {
        listeners.current.add(listener);
        return () => listeners.current.delete(listener);
      },
      onLogs,
    }),
    [status, onLogs],
  );
  return <LiveContext.Provider value={value}>{children}</LiveContext.Provider>;
}

export const useLive = () => useContext(LiveContext);
