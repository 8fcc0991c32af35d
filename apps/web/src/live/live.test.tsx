import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { Position } from '@waymark/contracts/device';
import type { Event } from '@waymark/contracts/event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deviceKeys } from '../features/devices/devices.queries';
import { aDevice, aPosition } from '../test/devices-fixtures';
import { FakeSocket } from '../test/fake-socket';
import { json, stubFetch } from '../test/fetch-stub';
import { tokens } from '../test/fixtures';
import { keepNewestEvents, liveKeys } from './live-keys';
import { LiveProvider } from './live-provider';
import { backoffDelay } from './live-socket';
import { appendTrails, trailSettings } from './live-trails';

const position = (deviceId: number, latitude: number, id = deviceId) =>
  aPosition({ id, deviceId, latitude, longitude: 23.7 });
const event = (id: number): Event => ({
  id,
  type: 'deviceOnline',
  eventTime: '2025-01-01T00:00:00Z',
  deviceId: 1,
  positionId: 0,
  geofenceId: 0,
  maintenanceId: 0,
  attributes: {},
});

describe('live controller', () => {
  beforeEach(() => {
    FakeSocket.opened = [];
    localStorage.setItem('access_token', 'tok en');
    vi.useFakeTimers();
    stubFetch({ 'POST /api/session/refresh': () => json(200, tokens) });
  });
  afterEach(() => vi.useRealTimers());

  function mount() {
    const client = new QueryClient();
    client.setQueryData(deviceKeys.latestPositions(), [position(1, 37), position(2, 38)]);
    client.setQueryData(deviceKeys.list(), [aDevice({ id: 1, name: 'Old' })]);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const view = render(
      <QueryClientProvider client={client}>
        <LiveProvider createSocket={FakeSocket.create}>
          <p>page</p>
        </LiveProvider>
      </QueryClientProvider>,
    );
    return { client, invalidate, view };
  }

  it('opens /api/socket with the token and writes positions, devices and events into the cache', () => {
    const { client } = mount();
    const socket = FakeSocket.latest();
    expect(socket.url).toBe('ws://localhost:3000/api/socket?token=tok%20en'.replace('localhost:3000', location.host));
    act(() => {
      socket.open();
      socket.send({ positions: [position(2, 39, 20), position(3, 40)] });
      socket.send({ devices: [aDevice({ id: 1, name: 'New' }), aDevice({ id: 4, name: 'Added' })] });
      socket.send({ events: [event(1), event(2)] });
      socket.send({});
    });
    const latest = client.getQueryData<Position[]>(deviceKeys.latestPositions()) ?? [];
    expect(latest.map((p) => [p.deviceId, p.latitude])).toEqual([
      [1, 37],
      [2, 39],
      [3, 40],
    ]);
    expect(client.getQueryData<{ id: number; name: string }[]>(deviceKeys.list())?.map((d) => [d.id, d.name])).toEqual([
      [1, 'New'],
      [4, 'Added'],
    ]);
    expect(client.getQueryData<Event[]>(liveKeys.events())?.map((e) => e.id)).toEqual([2, 1]);
  });

  it('drops what is not a frame of the contract', () => {
    const { client } = mount();
    const socket = FakeSocket.latest();
    act(() => {
      socket.open();
      socket.sendText('not json');
      socket.sendText(JSON.stringify({ positions: [{ id: 9, deviceId: 1 }] }));
      socket.sendText(JSON.stringify({ positions: [position(1, 50)], devices: [] }));
      socket.sendText(JSON.stringify({ trips: [] }));
    });
    const latest = client.getQueryData<Position[]>(deviceKeys.latestPositions()) ?? [];
    expect(latest.map((p) => [p.deviceId, p.latitude])).toEqual([
      [1, 37],
      [2, 38],
    ]);
  });

  it('reconnects with backoff after a drop and then re-fetches devices and positions', async () => {
    const { invalidate, view } = mount();
    act(() => FakeSocket.latest().open());
    expect(invalidate).not.toHaveBeenCalled();
    act(() => FakeSocket.latest().drop());
    expect(FakeSocket.opened).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(FakeSocket.opened).toHaveLength(2);
    expect(FakeSocket.latest().url).toContain(`token=${tokens.accessToken}`);
    act(() => FakeSocket.latest().open());
    expect(invalidate).toHaveBeenCalledWith({ queryKey: deviceKeys.all });
    view.unmount();
    expect(FakeSocket.latest().closed).toBe(true);
  });
});

describe('live helpers', () => {
  it('doubles the reconnect delay up to the cap', () => {
    const none = () => 1;
    expect([0, 1, 2, 10].map((n) => backoffDelay(n, 1000, 30_000, none))).toEqual([1000, 2000, 4000, 30_000]);
  });

  it('keeps the newest 50 events, newest first', () => {
    const old = Array.from({ length: 50 }, (_, i) => event(50 - i));
    const kept = keepNewestEvents(old, [event(51), event(52)]);
    expect(kept).toHaveLength(50);
    expect(kept.slice(0, 3).map((e) => e.id)).toEqual([52, 51, 50]);
  });

  it('reads live route settings with user attributes over server ones', () => {
    expect(trailSettings({ mapLiveRoutes: 'all' }, { mapLiveRoutes: 'selected', 'web.liveRouteLength': 3 })).toEqual({
      mode: 'all',
      length: 3,
    });
    expect(trailSettings({}, {})).toEqual({ mode: 'none', length: 10 });
  });

  it('appends trails capped at the route length and clears them when off', () => {
    const trails = new Map();
    const settings = { mode: 'all' as const, length: 2 };
    appendTrails(trails, [position(1, 1)], settings, null);
    appendTrails(trails, [position(1, 2), position(2, 5)], settings, null);
    appendTrails(trails, [position(1, 3)], settings, null);
    expect(trails.get(1)).toEqual([
      [2, 23.7],
      [3, 23.7],
    ]);
    appendTrails(trails, [position(1, 4)], { mode: 'selected', length: 2 }, 1);
    expect([...trails.keys()]).toEqual([1]);
    appendTrails(trails, [], { mode: 'none', length: 2 }, 1);
    expect(trails.size).toBe(0);
  });
});
