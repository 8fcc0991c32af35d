import type { Db } from '@waymark/db/client';

/** The counters of a day's statistics row that this process adds to (activeUsers and activeDevices are counted apart). */
export const COUNTERS = [
  'requests',
  'messagesReceived',
  'messagesStored',
  'mailSent',
  'smsSent',
  'geocoderRequests',
  'geolocationRequests',
] as const;
export type CounterName = (typeof COUNTERS)[number];

/** Days the users of a day are kept (to count them distinctly while late flushes may still add to it). */
const USER_ROWS_KEPT_DAYS = 7;

/** Users held per day between two flushes: past this, further users wait for the next flush (memory stays bounded). */
export const MAX_USERS_HELD = 10_000;

const DAY_MS = 86_400_000;
/** a UTC instant as ISO text: cast to timestamp (without time zone) or date, it is that UTC day */
const iso = (t: number) => new Date(t).toISOString();
const zero = (): Record<CounterName, number> =>
  Object.fromEntries(COUNTERS.map((c) => [c, 0])) as Record<CounterName, number>;

/**
 * This process's counts since its last flush, per UTC day (the day of the moment counted, so a flush after
 * midnight still credits yesterday). Counting is a map increment; the database sees one upsert per day per flush,
 * never a write per request or per message.
 */
export class StatisticsCounter {
  private counts = new Map<number, Record<CounterName, number>>();
  private users = new Map<number, Set<number>>();

  constructor(private readonly now: () => number = Date.now) {}

  add(name: CounterName, n = 1): void {
    if (n <= 0) return;
    const day = this.today();
    let c = this.counts.get(day);
    if (!c) {
      c = zero();
      this.counts.set(day, c);
    }
    c[name] += n;
  }

  /** A user made a request today. */
  user(id: number): void {
    const day = this.today();
    let set = this.users.get(day);
    if (!set) {
      set = new Set();
      this.users.set(day, set);
    }
    if (set.size < MAX_USERS_HELD) set.add(id);
  }

  /**
   * Adds the counts to the days' rows (INSERT … ON CONFLICT DO UPDATE SET x = statistics.x + n: nodes flushing
   * at once add up) and records the users of each day. What a failed flush held is kept for the next one.
   */
  async flush(db: Pick<Db, '$executeRaw'>): Promise<void> {
    const counts = this.counts;
    const users = this.users;
    this.counts = new Map();
    this.users = new Map();
    try {
      for (const [day, c] of [...counts]) {
        await db.$executeRaw`
          INSERT INTO statistics ("captureTime", requests, "messagesReceived", "messagesStored", "mailSent", "smsSent",
            "geocoderRequests", "geolocationRequests")
          VALUES (${iso(day)}::timestamp, ${c.requests}, ${c.messagesReceived}, ${c.messagesStored}, ${c.mailSent},
            ${c.smsSent}, ${c.geocoderRequests}, ${c.geolocationRequests})
          ON CONFLICT ("captureTime") DO UPDATE SET
            requests = statistics.requests + EXCLUDED.requests,
            "messagesReceived" = statistics."messagesReceived" + EXCLUDED."messagesReceived",
            "messagesStored" = statistics."messagesStored" + EXCLUDED."messagesStored",
            "mailSent" = statistics."mailSent" + EXCLUDED."mailSent",
            "smsSent" = statistics."smsSent" + EXCLUDED."smsSent",
            "geocoderRequests" = statistics."geocoderRequests" + EXCLUDED."geocoderRequests",
            "geolocationRequests" = statistics."geolocationRequests" + EXCLUDED."geolocationRequests"`;
        counts.delete(day);
      }
      for (const [day, ids] of [...users]) {
        await db.$executeRaw`
          INSERT INTO statistics_users (day, "userId")
          SELECT ${iso(day)}::date, unnest(${[...ids]}::int[])
          ON CONFLICT DO NOTHING`;
        // the day's distinct users so far, kept on its row: the user rows are only needed while the day is recent
        await db.$executeRaw`
          INSERT INTO statistics ("captureTime", "activeUsers")
          VALUES (${iso(day)}::timestamp,
            (SELECT count(*)::int FROM statistics_users WHERE day = ${iso(day)}::date))
          ON CONFLICT ("captureTime") DO UPDATE SET "activeUsers" = EXCLUDED."activeUsers"`;
        users.delete(day);
      }
      await db.$executeRaw`
        DELETE FROM statistics_users WHERE day < ${iso(this.today() - USER_ROWS_KEPT_DAYS * DAY_MS)}::date`;
    } catch (err) {
      this.restore(counts, users);
      throw err;
    }
  }

  private restore(counts: Map<number, Record<CounterName, number>>, users: Map<number, Set<number>>) {
    for (const [day, c] of counts) {
      const now = this.counts.get(day) ?? zero();
      for (const name of COUNTERS) now[name] += c[name];
      this.counts.set(day, now);
    }
    for (const [day, ids] of users) {
      const now = this.users.get(day) ?? new Set<number>();
      for (const id of ids) if (now.size < MAX_USERS_HELD) now.add(id);
      this.users.set(day, now);
    }
  }

  private today(): number {
    const t = this.now();
    return t - (t % DAY_MS);
  }
}
