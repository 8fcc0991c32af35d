import type { Device, Position } from '@waymark/contracts/device';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** One update for the sockets: what changed, and the tenant whose users may see it. */
export interface LiveUpdate {
  tenantId: number | null;
  deviceId: number;
  positions?: Position[];
  devices?: Device[];
  events?: unknown[];
}

export interface LiveSubscriber {
  /** may this subscriber see rows of this tenant / device? */
  sees(tenantId: number | null, deviceId: number): boolean;
  send(frame: string): void;
}

const CHANNEL = 'waymark:live';

/**
 * Fans stored positions, device status changes and events out to the websockets of every API node: through
 * Redis pub/sub when REDIS_URL is set (each node delivers to its own sockets), in process otherwise.
 */
export class LiveHub {
  private readonly subscribers = new Set<LiveSubscriber>();
  private ready: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly log: Logger,
    private readonly redis?: { publisher: Redis; subscriber: Redis },
  ) {
    if (redis) {
      this.ready = redis.subscriber.subscribe(CHANNEL);
      redis.subscriber.on('message', (_channel, payload: string) => {
        try {
          this.deliver(JSON.parse(payload) as LiveUpdate[]);
        } catch (err) {
          this.log.warn({ err }, 'unreadable live update');
        }
      });
    }
  }

  /** Resolves once this node receives what any node publishes. */
  whenReady(): Promise<unknown> {
    return this.ready;
  }

  subscribe(subscriber: LiveSubscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  get size(): number {
    return this.subscribers.size;
  }

  publish(updates: LiveUpdate[]): void {
    if (updates.length === 0) return;
    if (this.redis) {
      this.redis.publisher.publish(CHANNEL, JSON.stringify(updates)).catch((err) => {
        this.log.warn({ err }, 'live update not published');
      });
      return;
    }
    this.deliver(updates);
  }

  /** Sends each subscriber one frame per kind with only the rows it may see. */
  private deliver(updates: LiveUpdate[]): void {
    for (const subscriber of this.subscribers) {
      const positions: Position[] = [];
      const devices: Device[] = [];
      const events: unknown[] = [];
      for (const u of updates) {
        if (!subscriber.sees(u.tenantId, u.deviceId)) continue;
        if (u.positions) positions.push(...u.positions);
        if (u.devices) devices.push(...u.devices);
        if (u.events) events.push(...u.events);
      }
      try {
        if (devices.length) subscriber.send(JSON.stringify({ devices }));
        if (positions.length) subscriber.send(JSON.stringify({ positions }));
        if (events.length) subscriber.send(JSON.stringify({ events }));
      } catch (err) {
        this.log.debug({ err }, 'live frame not sent');
      }
    }
  }
}
