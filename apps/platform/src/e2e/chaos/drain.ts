import type { Db } from '@waymark/db/client';
import { Redis } from 'ioredis';

const PARTITIONS = 16;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** True when the API group has read and acknowledged every entry of the positions streams. */
async function streamsConsumed(redis: Redis): Promise<boolean> {
  for (let p = 0; p < PARTITIONS; p++) {
    const groups = (await redis.call('XINFO', 'GROUPS', `waymark:positions:${p}`).catch(() => [])) as unknown[][];
    for (const group of groups) {
      const info = new Map<string, unknown>();
      for (let i = 0; i + 1 < group.length; i += 2) info.set(String(group[i]), group[i + 1]);
      if (info.get('name') !== 'api') continue;
      if (Number(info.get('pending')) > 0 || Number(info.get('lag') ?? 0) > 0) return false;
    }
  }
  return true;
}

/**
 * True when every event is dispatched and every webhook delivery sent and received — but for deliveries a killed
 * API had claimed: those wait for their lease (5 minutes) to lapse before another node sends them.
 */
async function notificationsSettled(db: Db, received: ReadonlyMap<number, number>): Promise<boolean> {
  const [row] = await db.$queryRaw<{ marks: bigint; pending: bigint; sent: bigint }[]>`
    SELECT (SELECT count(*) FROM pending_dispatches) AS marks,
           (SELECT count(*) FROM notification_deliveries WHERE status = 'PENDING' AND attempts = 0) AS pending,
           (SELECT count(*) FROM notification_deliveries WHERE status = 'SENT') AS sent`;
  return row?.marks === 0n && row.pending === 0n && received.size >= Number(row.sent);
}

/**
 * Waits (at most `timeoutMs`) until the pipeline has stored everything on the bus and the notifications are
 * all out: what a crash left behind is picked up by the API's sweeps (dispatch marks after 30 s). Resolves false
 * on timeout.
 */
export async function drain(
  db: Db,
  redisUrl: string,
  received: ReadonlyMap<number, number>,
  timeoutMs: number,
): Promise<boolean> {
  const redis = new Redis(redisUrl);
  redis.on('error', () => {});
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      if ((await streamsConsumed(redis)) && (await notificationsSettled(db, received))) return true;
      await sleep(1000);
    }
    return false;
  } finally {
    redis.disconnect();
  }
}
