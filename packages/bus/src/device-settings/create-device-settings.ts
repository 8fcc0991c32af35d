import type { BusLogger } from '../bus';
import type { DeviceSettingsStore } from './device-settings-store';
import { InProcessDeviceSettings } from './in-process-device-settings';
import { RedisDeviceSettings } from './redis-device-settings';

export interface CreateDeviceSettingsOptions {
  /** redis://… selects the Redis store (shared by every node); absent selects memory (one process) */
  redisUrl?: string | undefined;
  logger: BusLogger;
  keyPrefix?: string;
}

/** The Redis device settings when `redisUrl` is given, otherwise the in-process ones — the same choice as createBus. */
export function createDeviceSettings(options: CreateDeviceSettingsOptions): DeviceSettingsStore {
  const { redisUrl, ...rest } = options;
  return redisUrl ? new RedisDeviceSettings({ ...rest, redisUrl }) : new InProcessDeviceSettings();
}
