/**
 * The settings of one device that its protocol's decoder may depend on (Traccar's device model and its
 * `decoder.*` / `<protocol>.*` attributes), as text: `{ model: 'FMB130', 'teltonika.extended': 'true' }`.
 */
export type DeviceSettings = Readonly<Record<string, string>>;

/**
 * Decoder-relevant device settings by uniqueId, shared by the API (which writes what the database says) and the
 * ingest (which reads them synchronously for every frame of a device): a Redis hash with a pub/sub channel of
 * changes when REDIS_URL is set, memory when the platform runs in one process. Only devices with settings are kept.
 */
export interface DeviceSettingsStore {
  readonly kind: 'in-process' | 'redis';
  /** The device's settings as last heard of, or undefined when it has none (synchronous: a local copy). */
  get(uniqueId: string): DeviceSettings | undefined;
  /** Replaces the settings of some devices (null or an empty object: none left); readers everywhere follow. */
  set(changes: ReadonlyMap<string, DeviceSettings | null>): Promise<void>;
  /** Every device with settings, as stored (the API compares what the database says with it). */
  all(): Promise<Map<string, DeviceSettings>>;
  /** Resolves once the local copy is loaded and changes from other processes reach it. Idempotent. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** Same settings (same keys, same values)? */
export function sameSettings(a: DeviceSettings | undefined, b: DeviceSettings | undefined): boolean {
  const ak = a ? Object.keys(a) : [];
  const bk = b ? Object.keys(b) : [];
  if (ak.length !== bk.length) return false;
  return ak.every((k) => b?.[k] === a?.[k]);
}

/** A settings object read from storage or a message: string values only, frozen; undefined when empty or invalid. */
export function settingsOf(value: unknown): DeviceSettings | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(value)) if (typeof v === 'string') out[key] = v;
  return Object.keys(out).length > 0 ? Object.freeze(out) : undefined;
}
