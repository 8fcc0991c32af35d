import { randomBytes } from 'node:crypto';
import { connect as amqpConnect, type ChannelModel, type ConfirmChannel } from 'amqplib';
import { Redis } from 'ioredis';
import mqtt, { type MqttClient } from 'mqtt';
import { JSON_HEADERS } from '../notifications/channels/http';
import { postPinned } from '../notifications/channels/pinned-post';
import { checkWebhookUrl } from '../notifications/channels/webhook-address';
import { brokerAddressProblem } from './address-check';

/** One message for a target: Traccar's forwarding JSON of a position or an event. */
export interface Outgoing {
  kind: 'position' | 'event';
  body: string;
}

/** What the worker needs of a target to reach it. */
export interface TargetAddress {
  id: number;
  type: string;
  url: string;
  topic: string;
  exchange: string;
  headers: Record<string, string>;
  /** a tenant's target (unless private targets are allowed): its host must resolve to public addresses only */
  restricted: boolean;
}

/**
 * A connection to one target. `send` resolves once the target has accepted every message (HTTP 2xx, MQTT PUBACK,
 * AMQP publisher confirm, Redis reply) and rejects otherwise: the worker then keeps the messages and tries again
 * later, so a message may arrive twice but is never lost.
 */
export interface Transport {
  send(messages: readonly Outgoing[]): Promise<void>;
  close(): Promise<void>;
}

/** How long one delivery may take before it counts as failed (webhooks: TIMEOUT_MS per request). */
const DELIVERY_TIMEOUT_MS = 10_000;
/** Webhook requests in flight at once per target. */
const WEBHOOK_PARALLEL = 8;
/** A Redis stream keeps about this many entries (XADD MAXLEN ~): a reader that stopped does not fill Redis. */
export const REDIS_STREAM_MAXLEN = 1_000_000;

export function createTransport(target: TargetAddress, timeoutMs = DELIVERY_TIMEOUT_MS): Transport {
  switch (target.type) {
    case 'webhook':
      return webhook(target);
    case 'mqtt':
      return mqttTransport(target, timeoutMs);
    case 'amqp':
      return amqpTransport(target, timeoutMs);
    case 'redis':
      return redisTransport(target, timeoutMs);
    default:
      throw new Error(`unknown forwarding type ${target.type}`);
  }
}

/** Rejects with a timeout error unless `work` settles within `ms`. */
async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One POST per message (Traccar's webhook shape), a few at a time; anything but 2xx is a failure. The host is
 * checked once per batch and the requests connect to the addresses it was checked at (pinned-post.ts, as the
 * notifications' webhooks do), so a restricted target cannot be turned inside by DNS rebinding.
 */
function webhook(target: TargetAddress): Transport {
  const headers = { ...target.headers, ...JSON_HEADERS };
  return {
    async send(messages) {
      const checked = await checkWebhookUrl(target.url, { allowPrivate: !target.restricted });
      if ('problem' in checked) throw new Error(checked.problem);
      let next = 0;
      const lane = async () => {
        while (next < messages.length) {
          const message = messages[next++] as Outgoing;
          await postPinned('the webhook', checked.target, message.body, headers);
        }
      };
      await Promise.all(Array.from({ length: Math.min(WEBHOOK_PARALLEL, messages.length) }, lane));
    },
    async close() {},
  };
}

/** A restricted target's broker is checked before each new connection. */
async function checkBroker(target: TargetAddress): Promise<void> {
  const problem = target.restricted ? await brokerAddressProblem(target.url) : null;
  if (problem) throw new Error(problem);
}

/** QoS 1 publishes on one connection kept open (mqtt.js reconnects by itself); done when every PUBACK is in. */
function mqttTransport(target: TargetAddress, timeoutMs: number): Transport {
  let client: MqttClient | null = null;
  const connected = async (): Promise<MqttClient> => {
    if (!client) {
      await checkBroker(target);
      client = mqtt.connect(target.url, {
        clientId: `waymark-forward-${target.id}-${randomBytes(4).toString('hex')}`,
        connectTimeout: timeoutMs,
        reconnectPeriod: 2_000,
      });
      // errors surface as failed sends; the client's own event would otherwise crash the process
      client.on('error', () => {});
    }
    const c = client;
    if (c.connected) return c;
    await within(
      timeoutMs,
      'the MQTT broker',
      new Promise<void>((resolve) => {
        c.once('connect', () => resolve());
      }),
    );
    return c;
  };
  return {
    async send(messages) {
      const c = await connected();
      await within(
        timeoutMs,
        'the MQTT broker',
        Promise.all(messages.map((m) => c.publishAsync(target.topic, m.body, { qos: 1 }))),
      );
    },
    async close() {
      await client?.endAsync(true);
      client = null;
    },
  };
}

/** Persistent messages on a confirm channel, to the exchange with the topic as routing key. */
function amqpTransport(target: TargetAddress, timeoutMs: number): Transport {
  let model: ChannelModel | null = null;
  let channel: ConfirmChannel | null = null;
  const drop = () => {
    const old = model;
    model = null;
    channel = null;
    old?.close().catch(() => {});
  };
  const open = async (): Promise<ConfirmChannel> => {
    if (channel) return channel;
    await checkBroker(target);
    const m = await within(timeoutMs, 'the AMQP broker', amqpConnect(target.url, { timeout: timeoutMs }));
    m.on('error', () => {});
    m.on('close', () => {
      if (model === m) drop();
    });
    model = m;
    const ch = await m.createConfirmChannel();
    // a publish to a missing exchange closes the channel: the next send opens everything again
    ch.on('error', () => {});
    ch.on('close', () => {
      if (channel === ch) drop();
    });
    channel = ch;
    return ch;
  };
  return {
    async send(messages) {
      const ch = await open();
      try {
        for (const m of messages) {
          ch.publish(target.exchange, target.topic, Buffer.from(m.body), {
            persistent: true,
            contentType: 'application/json',
            type: m.kind,
          });
        }
        await within(timeoutMs, 'the AMQP broker', ch.waitForConfirms());
      } catch (err) {
        drop();
        throw err;
      }
    },
    async close() {
      const m = model;
      model = null;
      channel = null;
      await m?.close().catch(() => {});
    },
  };
}

/** XADD to the stream, capped at about REDIS_STREAM_MAXLEN entries, every message of a batch in one pipeline. */
function redisTransport(target: TargetAddress, timeoutMs: number): Transport {
  let redis: Redis | null = null;
  const client = async () => {
    if (!redis) {
      await checkBroker(target);
      redis = new Redis(target.url, {
        connectTimeout: timeoutMs,
        maxRetriesPerRequest: 1,
        lazyConnect: false,
      });
      redis.on('error', () => {});
    }
    return redis;
  };
  return {
    async send(messages) {
      const pipeline = (await client()).pipeline();
      for (const m of messages) {
        pipeline.xadd(target.topic, 'MAXLEN', '~', REDIS_STREAM_MAXLEN, '*', 'type', m.kind, 'data', m.body);
      }
      const results = await within(timeoutMs, 'the Redis server', pipeline.exec());
      const failed = results?.find(([err]) => err);
      if (!results || failed) throw failed?.[0] ?? new Error('Redis did not answer');
    },
    async close() {
      const r = redis;
      redis = null;
      r?.disconnect();
    },
  };
}
