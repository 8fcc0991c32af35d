import type { AppContext } from '../context';

export const STATISTICS_FLUSH_MS = 60_000;

/** Adds this node's statistics counts to the database about once a minute, and once more when stopped. */
export function startStatisticsFlush(
  ctx: Pick<AppContext, 'db' | 'log' | 'statistics'>,
  everyMs = STATISTICS_FLUSH_MS,
) {
  const flush = () =>
    ctx.statistics
      .flush(ctx.db)
      .catch((err) => ctx.log.warn({ err }, 'statistics not flushed (kept for the next try)'));
  const timer = setInterval(() => void flush(), everyMs);
  timer.unref();
  return {
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
