import type { DeviceSettings, DeviceSettingsStore } from './device-settings-store';
import { settingsOf } from './device-settings-store';

/** The device settings of a platform running in one process: the API writes, the embedded ingest reads, at once. */
export class InProcessDeviceSettings implements DeviceSettingsStore {
  readonly kind = 'in-process';
  private readonly settings = new Map<string, DeviceSettings>();

  get(uniqueId: string): DeviceSettings | undefined {
    return this.settings.get(uniqueId);
  }

  async set(changes: ReadonlyMap<string, DeviceSettings | null>): Promise<void> {
    for (const [uniqueId, value] of changes) {
      const kept = settingsOf(value);
      if (kept) this.settings.set(uniqueId, kept);
      else this.settings.delete(uniqueId);
    }
  }

  async all(): Promise<Map<string, DeviceSettings>> {
    return new Map(this.settings);
  }

  async start(): Promise<void> {}

  async close(): Promise<void> {}
}
