import type { Onboarding, OnboardingListener } from '@waymark/contracts/onboarding';
import { type DeviceSetup, deviceSetup, deviceSetups, setupForProtocol } from '@waymark/protocols/setup';

/** What the user picked: a make's setup, and the catalogue model when one was picked (the device's `model`). */
export interface Choice {
  setup: DeviceSetup;
  model: string | null;
  listener: OnboardingListener;
}

interface PickerGroup {
  group: string;
  items: { value: string; label: string }[];
}

/**
 * The make picker's entries: the makes of the setup table whose protocol the server listens for (each with its
 * example models, so a search for "FMB920" finds Teltonika), then the platform catalogue's models under their
 * manufacturer. Values are `make:<key>` and `model:<name>`.
 */
export function pickerGroups(settings: Onboarding, labels: { makes: string; catalogue: string }): PickerGroup[] {
  const served = new Set(settings.listeners.map((l) => l.protocol));
  const makes = deviceSetups
    .filter((s) => served.has(s.protocol))
    .map((s) => ({ value: `make:${s.key}`, label: `${s.make} — ${s.models.join(', ')}` }));
  const models = settings.models
    .filter((m) => setupForProtocol(m.protocol))
    .map((m) => ({ value: `model:${m.name}`, label: m.manufacturerName ? `${m.manufacturerName} ${m.name}` : m.name }));
  return [
    { group: labels.makes, items: makes },
    ...(models.length > 0 ? [{ group: labels.catalogue, items: models }] : []),
  ];
}

/** The choice behind a picker value, or null for a value that names nothing the server serves. */
export function resolveChoice(settings: Onboarding, value: string | null): Choice | null {
  if (!value) return null;
  const [kind, ...rest] = value.split(':');
  const name = rest.join(':');
  let setup: DeviceSetup | undefined;
  let model: string | null = null;
  if (kind === 'make') setup = deviceSetup(name);
  else if (kind === 'model') {
    const row = settings.models.find((m) => m.name === name);
    setup = row ? setupForProtocol(row.protocol) : undefined;
    model = row ? row.name : null;
  }
  const listener = setup && settings.listeners.find((l) => l.protocol === setup.protocol);
  return setup && listener ? { setup, model, listener } : null;
}

/** The host trackers are pointed at: the server's setting, else the host the browser reached the app on. */
export function trackerHostOf(settings: Onboarding, location: Pick<Location, 'hostname'>): string {
  return settings.trackerHost ?? location.hostname;
}

/**
 * What the Traccar Client app reads from its QR code: its server URL (the OsmAnd listener, plain HTTP as the
 * ingest serves it) with the device's identifier as `id`.
 */
export function clientAppUrl(host: string, port: number, uniqueId: string): string {
  const url = new URL(`http://${host}:${port}`);
  url.searchParams.set('id', uniqueId);
  return url.toString();
}

/** An identifier for a phone app, suggested so the user need not make one up (the QR code carries it). */
export function suggestedAppIdentifier(random: () => number = Math.random): string {
  return String(Math.floor(100_000_000 + random() * 900_000_000));
}
