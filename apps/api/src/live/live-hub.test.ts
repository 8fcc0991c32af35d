import type { Event } from '@waymark/contracts/event';
import { liveFrameSchema } from '@waymark/contracts/socket';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { LiveHub } from './live-hub';

const log = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const event = (id: number, deviceId: number): Event => ({
  id,
  type: 'deviceOnline',
  eventTime: '2026-01-01T00:00:00.000Z',
  deviceId,
  positionId: 0,
  geofenceId: 0,
  maintenanceId: 0,
  attributes: {},
});
/** The frames as a client reads them, each checked against the contract. */
const read = (frames: string[]) => frames.map((f) => liveFrameSchema.parse(JSON.parse(f)));

describe('LiveHub in one process', () => {
  it('delivers only what a subscriber may see, and knows when nobody listens', () => {
    const hub = new LiveHub(log);
    expect(hub.hasListeners()).toBe(false);
    const frames: string[] = [];
    const unsubscribe = hub.subscribe({ sees: (tenantId) => tenantId === 1, send: (f) => frames.push(f) });
    expect(hub.hasListeners()).toBe(true);
    hub.publish([
      { tenantId: 1, deviceId: 10, events: [event(1, 10)] },
      { tenantId: 2, deviceId: 20, events: [event(2, 20)] },
    ]);
    expect(read(frames)).toEqual([{ events: [event(1, 10)] }]);
    unsubscribe();
    expect(hub.hasListeners()).toBe(false);
  });
});

describe.skipIf(!process.env.REDIS_URL)('LiveHub across API nodes (skipped: REDIS_URL not set)', () => {
  const clients: Redis[] = [];
  const redis = () => {
    const r = new Redis(process.env.REDIS_URL as string);
    clients.push(r);
    return r;
  };
  afterAll(() => Promise.all(clients.map((c) => c.quit())));
  const prefix = `test-live-${process.pid}-${Date.now()}:`;

  it('fans out through Redis to the node holding the websocket, and publishers see whether anyone listens', async () => {
    const a = new LiveHub(log, { publisher: redis(), subscriber: redis(), prefix });
    const b = new LiveHub(log, { publisher: redis(), subscriber: redis(), prefix });
    const frames: string[] = [];
    a.subscribe({ sees: () => true, send: (f) => frames.push(f) });
    await a.whenReady();
    b.hasListeners(); // first answer comes from Redis
    for (let i = 0; i < 40 && !b.hasListeners(); i++) await sleep(50);
    expect(b.hasListeners()).toBe(true);
    b.publish([{ tenantId: 1, deviceId: 1, events: [event(7, 1)] }]);
    for (let i = 0; i < 40 && frames.length === 0; i++) await sleep(50);
    expect(read(frames)).toEqual([{ events: [event(7, 1)] }]);
  });

  it('keeps deployments with different WAYMARK_REDIS_PREFIX apart on one Redis', async () => {
    const ours = new LiveHub(log, { publisher: redis(), subscriber: redis(), prefix: `${prefix}a:` });
    const theirs = new LiveHub(log, { publisher: redis(), subscriber: redis(), prefix: `${prefix}b:` });
    const ourNode = new LiveHub(log, { publisher: redis(), subscriber: redis(), prefix: `${prefix}a:` });
    const seenByUs: string[] = [];
    const seenByThem: string[] = [];
    ours.subscribe({ sees: () => true, send: (f) => seenByUs.push(f) });
    theirs.subscribe({ sees: () => true, send: (f) => seenByThem.push(f) });
    await Promise.all([ours.whenReady(), theirs.whenReady()]);
    ourNode.publish([{ tenantId: 1, deviceId: 1, events: [event(8, 1)] }]);
    for (let i = 0; i < 40 && seenByUs.length === 0; i++) await sleep(50);
    await sleep(200);
    expect(read(seenByUs)).toEqual([{ events: [event(8, 1)] }]);
    expect(seenByThem).toEqual([]);
  });
});

describe('LiveHub disconnects', () => {
  it('closes the sockets of a user or a session and no other', async () => {
    const hub = new LiveHub(log);
    const closed: string[] = [];
    const socket = (name: string, userId: number, sessionId?: string) =>
      hub.subscribe({
        userId,
        ...(sessionId ? { sessionId } : {}),
        sees: () => true,
        send: () => {},
        close: (reason) => closed.push(`${name}: ${reason}`),
      });
    socket('a1', 1, 's1');
    socket('a2', 1, 's2');
    socket('b', 2, 's3');
    await hub.disconnect({ sessionIds: ['s2'], reason: 'Signed out' });
    expect(closed).toEqual(['a2: Signed out']);
    await hub.disconnect({ userIds: [1, 2], reason: 'Password changed' });
    expect(closed).toEqual(['a2: Signed out', 'a1: Password changed', 'b: Password changed']);
    expect(hub.size).toBe(0);
  });

  it("asks a socket that borrows a user's access (a share link's viewer) to recheck, without closing it", async () => {
    const hub = new LiveHub(log);
    const rechecked: string[] = [];
    const closed: string[] = [];
    hub.subscribe({
      onBehalfOf: 3,
      sees: () => true,
      send: () => {},
      recheck: () => rechecked.push('viewer'),
      close: (reason) => closed.push(reason),
    });
    await hub.disconnect({ userIds: [4], reason: 'Role changed' });
    expect(rechecked).toEqual([]);
    await hub.disconnect({ userIds: [3], reason: 'Role changed' });
    expect(rechecked).toEqual(['viewer']);
    expect(closed).toEqual([]);
    expect(hub.size).toBe(1);
  });
});

describe.skipIf(!process.env.REDIS_URL)('LiveHub disconnects across API nodes (skipped: REDIS_URL not set)', () => {
  const clients: Redis[] = [];
  const redis = () => {
    const r = new Redis(process.env.REDIS_URL as string);
    clients.push(r);
    return r;
  };
  afterAll(() => Promise.all(clients.map((c) => c.quit())));

  it('closes a socket held by another node', async () => {
    const a = new LiveHub(log, { publisher: redis(), subscriber: redis() });
    const b = new LiveHub(log, { publisher: redis(), subscriber: redis() });
    const closed: string[] = [];
    a.subscribe({ userId: 5, sees: () => true, send: () => {}, close: (reason) => closed.push(reason) });
    await a.whenReady();
    await b.disconnect({ userIds: [5], reason: 'Account disabled' });
    for (let i = 0; i < 40 && closed.length === 0; i++) await sleep(50);
    expect(closed).toEqual(['Account disabled']);
    expect(a.size).toBe(0);
  });
});
