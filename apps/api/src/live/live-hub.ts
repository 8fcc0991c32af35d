import type { Device, Position } from '@waymark/contracts/device';
import type { Event } from '@waymark/contracts/event';
import { frameText } from '@waymark/contracts/socket';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** One update for the sockets: what changed, and the tenant whose users may see it. */
export interface LiveUpdate {
  tenantId: number | null;
  deviceId: number;
  positions?: Position[];
  devices?: Device[];
  events?: Event[];
  /** only these users' sockets get it (a notification's web channel); otherwise every socket that `sees` it */
  userIds?: number[];
}

export interface LiveSubscriber {
  /** may this subscriber see rows of this tenant / device? */
  sees(tenantId: number | null, deviceId: number): boolean;
  /** the signed-in user behind the socket (receives updates targeted at it) */
  userId?: number;
  /** the auth session the socket was opened with, when it had one */
  sessionId?: string;
  send(frame: string): void;
  /** ends the socket: its user's access changed (signed out, disabled, password or role changed) */
  close?(reason: string): void;
  /**
   * the user whose access an anonymous socket borrows (a share link's creator): when that user's access changes
   * the socket is not closed outright but asked to `recheck` whether it may go on
   */
  onBehalfOf?: number;
  recheck?(): void;
}

/** Whose sockets must close: every socket of these users, and every socket opened with these sessions. */
export interface Disconnect {
  userIds?: number[];
  sessionIds?: string[];
  reason: string;
}

/** The Redis side of the hub; channels `<prefix>live` and, for control messages (disconnects), `<prefix>live:control`. */
export interface LiveRedis {
  publisher: Redis;
  subscriber: Redis;
  /** WAYMARK_REDIS_PREFIX (default `waymark:`) */
  prefix?: string;
}

/**
 * Fans stored positions, device status changes and events out to the websockets of every API node: through
 * Redis pub/sub when REDIS_URL is set (each node delivers to its own sockets), in process otherwise.
 */
export class LiveHub {
  private readonly subscribers = new Set<LiveSubscriber>();
  private ready: Promise<unknown> = Promise.resolve();
  /** nodes listening on the channel, as Redis last said (refreshed at most every second) */
  private remoteListeners = { count: 0, at: 0, pending: false };
  private readonly channel: string;
  private readonly control: string;

  constructor(
    private readonly log: Logger,
    private readonly redis?: LiveRedis,
  ) {
    const prefix = redis?.prefix ?? 'waymark:';
    this.channel = `${prefix}live`;
    this.control = `${prefix}live:control`;
    redis?.subscriber.on('message', (channel, payload: string) => {
      try {
        if (channel === this.control) this.closeLocal(JSON.parse(payload) as Disconnect);
        else this.deliver(JSON.parse(payload) as LiveUpdate[]);
      } catch (err) {
        this.log.warn({ err }, 'unreadable live update');
      }
    });
  }

  /** Resolves once this node receives what any node publishes (while it has websocket clients). */
  whenReady(): Promise<unknown> {
    return this.ready;
  }

  /**
   * A node listens on the Redis channel only while it has websocket clients, so publishers can skip building
   * frames nobody would receive.
   */
  subscribe(subscriber: LiveSubscriber): () => void {
    this.subscribers.add(subscriber);
    if (this.redis && this.subscribers.size === 1)
      this.ready = this.redis.subscriber.subscribe(this.channel, this.control);
    return () => {
      if (!this.subscribers.delete(subscriber)) return;
      if (this.redis && this.subscribers.size === 0) {
        this.ready = this.redis.subscriber.unsubscribe(this.channel, this.control).catch(() => {});
      }
    };
  }

  /** Whether any websocket anywhere may want updates (false: the caller need not even build them). */
  hasListeners(): boolean {
    if (!this.redis) return this.subscribers.size > 0;
    if (this.subscribers.size > 0) return true;
    const r = this.remoteListeners;
    if (Date.now() - r.at > 1000 && !r.pending) {
      r.pending = true;
      this.redis.publisher
        .call('PUBSUB', 'NUMSUB', this.channel)
        .then((reply) => {
          r.count = Number((reply as [string, number])[1] ?? 0);
        })
        .catch(() => {
          r.count = 1; // unknown: keep publishing
        })
        .finally(() => {
          r.at = Date.now();
          r.pending = false;
        });
    }
    return r.count > 0 || r.at === 0;
  }

  get size(): number {
    return this.subscribers.size;
  }

  publish(updates: LiveUpdate[]): void {
    if (updates.length === 0) return;
    if (this.redis) {
      this.redis.publisher.publish(this.channel, JSON.stringify(updates)).catch((err) => {
        this.log.warn({ err }, 'live update not published');
      });
      return;
    }
    this.deliver(updates);
  }

  /**
   * Closes the sockets of these users or sessions on every API node (through Redis when set): a socket must not
   * outlive the access it was opened with. Resolves once the close is published (or done, in one process).
   */
  async disconnect(target: Disconnect): Promise<void> {
    if (!target.userIds?.length && !target.sessionIds?.length) return;
    if (this.redis) {
      await this.redis.publisher.publish(this.control, JSON.stringify(target)).catch((err) => {
        this.log.warn({ err }, 'socket disconnect not published');
      });
      return;
    }
    this.closeLocal(target);
  }

  private closeLocal(target: Disconnect): void {
    const users = new Set(target.userIds ?? []);
    const sessions = new Set(target.sessionIds ?? []);
    for (const subscriber of [...this.subscribers]) {
      if (subscriber.onBehalfOf !== undefined && users.has(subscriber.onBehalfOf)) {
        try {
          subscriber.recheck?.();
        } catch (err) {
          this.log.debug({ err }, 'socket not rechecked');
        }
      }
      const hit =
        (subscriber.userId !== undefined && users.has(subscriber.userId)) ||
        (subscriber.sessionId !== undefined && sessions.has(subscriber.sessionId));
      if (!hit) continue;
      this.subscribers.delete(subscriber);
      try {
        subscriber.close?.(target.reason);
      } catch (err) {
        this.log.debug({ err }, 'socket not closed');
      }
    }
    if (this.redis && this.subscribers.size === 0) {
      this.ready = this.redis.subscriber.unsubscribe(this.channel, this.control).catch(() => {});
    }
  }

  /** Sends each subscriber one frame per kind (contracts' liveFrameSchema) with only the rows it may see. */
  private deliver(updates: LiveUpdate[]): void {
    for (const subscriber of this.subscribers) {
      const positions: Position[] = [];
      const devices: Device[] = [];
      const events: Event[] = [];
      for (const u of updates) {
        // a targeted update goes to exactly its users (the sender checked they may see it)
        const wanted = u.userIds
          ? subscriber.userId !== undefined && u.userIds.includes(subscriber.userId)
          : subscriber.sees(u.tenantId, u.deviceId);
        if (!wanted) continue;
        if (u.positions) positions.push(...u.positions);
        if (u.devices) devices.push(...u.devices);
        if (u.events) events.push(...u.events);
      }
      try {
        if (devices.length) subscriber.send(frameText({ devices }));
        if (positions.length) subscriber.send(frameText({ positions }));
        if (events.length) subscriber.send(frameText({ events }));
      } catch (err) {
        this.log.debug({ err }, 'live frame not sent');
      }
    }
  }
}
