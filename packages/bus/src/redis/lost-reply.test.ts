import { randomUUID } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import type { PositionMessage } from '@waymark/contracts/bus';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../bus';
import { createBus } from '../create-bus';
import { buildPositionMessage, seqsByDevice, waitFor } from '../testing/messages';
import type { RedisStreamsBus } from './redis-streams-bus';

const redisUrl = process.env.REDIS_URL;
const title = redisUrl ? 'a read whose reply is lost' : 'a read whose reply is lost (skipped: REDIS_URL not set)';

/**
 * A TCP proxy to Redis that, once, closes the connection instead of passing on the first reply holding `marker`:
 * Redis has delivered those entries to the consumer (they are in its pending list) but the consumer never hears
 * of them — what a Redis restart or a network cut between a read and its reply does.
 */
async function replyDroppingProxy(
  target: URL,
  marker: string,
): Promise<{ url: string; dropped: () => boolean; server: Server }> {
  let dropped = false;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    sockets.add(client).add(upstream);
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk) => {
      if (!dropped && chunk.includes(marker)) {
        dropped = true;
        client.destroy();
        upstream.destroy();
        return;
      }
      client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  server.on('close', () => {
    for (const s of sockets) s.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return { url: url.toString(), dropped: () => dropped, server };
}

describe.skipIf(!redisUrl)(title, () => {
  const prefix = `waymark-test-${randomUUID().slice(0, 8)}:`;

  afterAll(async () => {
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('delivers the entries of a read whose reply was lost before newer ones, in order', async () => {
    const uniqueId = `lost-reply-${randomUUID().slice(0, 8)}`;
    const proxy = await replyDroppingProxy(new URL(redisUrl!), uniqueId);
    const options = { partitions: 2, keyPrefix: prefix, leaseTtlMs: 10_000, retryDelayMs: 50, closeTimeoutMs: 300 };
    const publisher = createBus({ ...options, redisUrl, nodeId: 'publisher', logger: silentLogger }) as RedisStreamsBus;
    const consumerBus = createBus({
      ...options,
      redisUrl: proxy.url,
      nodeId: 'consumer',
      logger: silentLogger,
    }) as RedisStreamsBus;
    try {
      const received: PositionMessage[] = [];
      const consumer = consumerBus.consume('positions', async (batch) => void received.push(...batch), {
        group: 'lost-reply',
        blockMs: 1000,
      });
      await waitFor(() => consumer.ownedPartitions().length === 2, 10_000, 'both partitions owned');
      // the consumer is blocked in its read: the entry is delivered to it, and the reply cut
      await new Promise((resolve) => setTimeout(resolve, 300));
      await publisher.publish('positions', [buildPositionMessage(uniqueId, 0)]);
      await waitFor(proxy.dropped, 10_000, 'the reply cut');
      await new Promise((resolve) => setTimeout(resolve, 500));
      await publisher.publish('positions', [buildPositionMessage(uniqueId, 1)]);
      await waitFor(() => received.length >= 2, 10_000, 'both messages');
      expect(seqsByDevice(received).get(uniqueId)).toEqual([0, 1]);
    } finally {
      await Promise.all([publisher.close(), consumerBus.close()]);
      proxy.server.close();
    }
  });
});
