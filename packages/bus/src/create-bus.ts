import type { Bus, CreateBusOptions } from './bus';
import { InProcessBus } from './in-process-bus';
import { RedisStreamsBus } from './redis/redis-streams-bus';

/** The Redis bus when `redisUrl` is given, otherwise the in-process one. */
export function createBus(options: CreateBusOptions): Bus {
  const { redisUrl, ...rest } = options;
  return redisUrl ? new RedisStreamsBus({ ...rest, redisUrl }) : new InProcessBus(rest);
}
