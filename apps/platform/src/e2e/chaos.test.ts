import { expect, it } from 'vitest';
import { runChaos, SHORT_RUN } from './chaos/run';

/**
 * Issue 11's scale-out crash test, short (`pnpm chaos` runs it at full size): 2 API and 2 ingest processes, their
 * own PostgreSQL and Redis, 40 GT06 and Teltonika trackers; one API and one ingest killed, Redis killed and
 * restarted, PostgreSQL frozen — and per device nothing acknowledged lost, nothing doubled, order kept, no event or
 * notification twice.
 */
it('loses, doubles and reorders nothing while an API, an ingest, Redis and PostgreSQL fail under load', async () => {
  const result = await runChaos(SHORT_RUN, (line) => console.log(line));
  expect(result.failures).toEqual([]);
  expect(result.counts.acked).toBeGreaterThan(500);
  expect(result.counts.alarmEvents).toBeGreaterThan(0);
  expect(result.counts.webhookPosts).toBeGreaterThan(0);
  // the blows were felt: trackers of the killed ingest resent on the other one, the live client changed API
  expect(result.fleet.failures).toBeGreaterThan(0);
  expect(result.live.reconnects).toBeGreaterThan(0);
}, 300_000);
