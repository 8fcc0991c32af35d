import type { Language } from './texts';
import { LANGUAGES, PACKS } from './texts';

export type SpeedUnit = 'kn' | 'kmh' | 'mph';

/** What a notification says about one event. */
export interface EventFacts {
  type: string;
  eventTime: Date;
  attributes: Record<string, unknown>;
  deviceName: string;
  geofenceName?: string | null;
  maintenanceName?: string | null;
  position?: { latitude: number; longitude: number; speed: number; address: string | null } | null;
}

export interface RenderedMessage {
  /** mail subject, push title */
  subject: string;
  /** sms, push body, telegram */
  short: string;
  /** mail body */
  body: string;
}

type Attributes = Record<string, unknown> | null | undefined;

const asLanguage = (value: unknown): Language | null => {
  if (typeof value !== 'string') return null;
  const code = value.toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(code ?? '') ? (code as Language) : null;
};

/** The recipient's language: their own setting, else the server's, else English. */
export function pickLanguage(user: Attributes, server: Attributes): Language {
  return asLanguage(user?.language) ?? asLanguage(server?.language) ?? 'en';
}

/** The recipient's speed unit (attributes.speedUnit: kn, kmh, mph), else the server's, else knots. */
export function pickSpeedUnit(user: Attributes, server: Attributes): SpeedUnit {
  for (const value of [user?.speedUnit, server?.speedUnit]) {
    if (value === 'kn' || value === 'kmh' || value === 'mph') return value;
  }
  return 'kn';
}

const SPEED_FACTOR: Record<SpeedUnit, [number, string]> = {
  kn: [1, 'kn'],
  kmh: [1.852, 'km/h'],
  mph: [1.150779, 'mph'],
};

export function formatSpeed(knots: number, unit: SpeedUnit): string {
  const [factor, label] = SPEED_FACTOR[unit];
  return `${(knots * factor).toFixed(1)} ${label}`;
}

/** UTC, to the second: 2026-11-21 22:30:05 UTC */
export function formatTime(time: Date): string {
  return `${time.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (all, key: string) => values[key] ?? all);
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

export function renderEvent(language: Language, unit: SpeedUnit, facts: EventFacts): RenderedMessage {
  const pack = PACKS[language];
  const texts = pack.events[facts.type] ?? pack.fallback;
  const a = facts.attributes;
  const knots = typeof a.speed === 'number' ? a.speed : (facts.position?.speed ?? 0);
  const values = {
    device: facts.deviceName,
    time: formatTime(facts.eventTime),
    geofence: facts.geofenceName ?? '',
    route: text(a.routeName),
    alarm: text(a.alarm),
    speed: formatSpeed(knots, unit),
    result: text(a.result),
    maintenance: facts.maintenanceName ?? '',
    driver: text(a.driverUniqueId),
  };
  const short = fill(texts.short, values);
  const lines = [short, '', `${pack.labels.time}: ${values.time}`];
  const p = facts.position;
  if (p) {
    lines.push(`${pack.labels.position}: ${p.latitude.toFixed(6)}, ${p.longitude.toFixed(6)}`);
    lines.push(`${pack.labels.speed}: ${formatSpeed(p.speed, unit)}`);
    if (p.address) lines.push(`${pack.labels.address}: ${p.address}`);
  }
  return { subject: fill(texts.subject, values), short, body: `${lines.join('\n')}\n` };
}

export function renderReminder(
  language: Language,
  reminder: { item: string; remarks: string; expiry: Date },
): { subject: string; body: string } {
  const pack = PACKS[language].reminder;
  const values = { item: reminder.item, remarks: reminder.remarks, expiry: formatTime(reminder.expiry) };
  return { subject: fill(pack.subject, values), body: `${fill(pack.body, values).trimEnd()}\n` };
}
