import type { BusLogger } from '../bus';
import type { DeviceLogLimits, DeviceLogStore } from './device-log-store';
import { InProcessDeviceLog } from './in-process-device-log';
import { RedisDeviceLog } from './redis-device-log';

export interface CreateDeviceLogOptions extends Partial<DeviceLogLimits> {
  /** redis://… selects the Redis store (shared by every node); absent selects memory (one process) */
  redisUrl?: string | undefined;
  logger: BusLogger;
  keyPrefix?: string;
}

/** The Redis device log when `redisUrl` is given, otherwise the in-process one — the same choice as createBus. */
export function createDeviceLog(options: CreateDeviceLogOptions): DeviceLogStore {
  const { redisUrl, ...rest } = options;
  return redisUrl ? new RedisDeviceLog({ ...rest, redisUrl }) : new InProcessDeviceLog(rest);
}
