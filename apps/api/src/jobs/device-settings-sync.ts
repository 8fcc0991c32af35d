import type { DeviceSettings, DeviceSettingsStore } from '@waymark/bus/device-settings/device-settings-store';
import { sameSettings } from '@waymark/bus/device-settings/device-settings-store';
import type { Db } from '@waymark/db/client';
import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { Logger } from 'pino';

/**
 * Keeps the ingest's copy of every device's decoder-relevant settings (DeviceSettingsStore) equal to the database:
 * `model`, the name of the device's model (admin area "Models"), and each attribute of the model, then of the
 * device (the device's win), whose key is `decoder.*` or `<protocol>.*` (Traccar's per-protocol options such as
 * `teltonika.extended`, `suntech.hbm`). Compares the database with the store at start, whenever a device or model
 * is written through the API (changed(), coalesced), and every `intervalMs` for the writes made elsewhere (stock
 * import, SQL); only the devices whose settings differ are written.
 */
export interface DeviceSettingsSync {
  /** A device or model was written: compare again soon. */
  changed(): void;
  /** Compares now (tests; the start). */
  syncNow(): Promise<number>;
  close(): Promise<void>;
}

const PREFIXES = ['decoder', ...Object.keys(protocolCatalogue)];

interface Row {
  uniqueId: string;
  model: string | null;
  modelAttributes: unknown;
  attributes: unknown;
}

export async function startDeviceSettingsSync(
  db: Db,
  store: DeviceSettingsStore,
  log: Logger,
  options: { intervalMs?: number; debounceMs?: number } = {},
): Promise<DeviceSettingsSync> {
  const intervalMs = options.intervalMs ?? 30_000;
  const debounceMs = options.debounceMs ?? 100;
  let running: Promise<number> | undefined;
  let again = false;
  let soon: NodeJS.Timeout | undefined;
  let closed = false;

  const compare = async (): Promise<number> => {
    const rows = await db.$queryRaw<Row[]>`
      SELECT d."uniqueId", m.name AS model, m.attributes AS "modelAttributes", d.attributes
      FROM devices d LEFT JOIN device_models m ON m.id = d."modelId"
      WHERE d."modelId" IS NOT NULL OR d.attributes <> '{}'::jsonb`;
    const wanted = new Map<string, DeviceSettings>();
    for (const row of rows) {
      const settings = decoderSettings(row);
      if (settings) wanted.set(row.uniqueId, settings);
    }
    const stored = await store.all();
    const changes = new Map<string, DeviceSettings | null>();
    for (const [uniqueId, settings] of wanted) {
      if (!sameSettings(settings, stored.get(uniqueId))) changes.set(uniqueId, settings);
    }
    for (const uniqueId of stored.keys()) if (!wanted.has(uniqueId)) changes.set(uniqueId, null);
    await store.set(changes);
    return changes.size;
  };

  // one comparison at a time; a change heard during one runs another after it
  const syncNow = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = compare().finally(() => {
      running = undefined;
      if (again && !closed) {
        again = false;
        void syncNow().catch((err: Error) => log.warn({ err: err.message }, 'device settings sync failed'));
      }
    });
    return running;
  };
  const background = () => {
    syncNow().catch((err: Error) => log.warn({ err: err.message }, 'device settings sync failed'));
  };

  await store.start();
  await syncNow();
  const timer = setInterval(background, intervalMs);
  timer.unref();
  return {
    changed() {
      if (closed || soon) return;
      soon = setTimeout(() => {
        soon = undefined;
        background();
      }, debounceMs);
      soon.unref();
    },
    syncNow,
    async close() {
      closed = true;
      clearInterval(timer);
      if (soon) clearTimeout(soon);
      await running?.catch(() => undefined);
    },
  };
}

/** The settings a decoder may use, from a device row and its model: undefined when there are none. */
export function decoderSettings(row: Omit<Row, 'uniqueId'>): DeviceSettings | undefined {
  const out: Record<string, string> = {};
  if (row.model) out.model = row.model;
  for (const source of [row.modelAttributes, row.attributes]) {
    if (!source || typeof source !== 'object' || Array.isArray(source)) continue;
    for (const [key, value] of Object.entries(source)) {
      const dot = key.indexOf('.');
      if (dot <= 0 || !PREFIXES.includes(key.slice(0, dot))) continue;
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
        out[key] = String(value);
    }
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
