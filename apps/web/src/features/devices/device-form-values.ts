import { type Device, type DeviceInput, deviceInputSchema } from '@waymark/contracts/device';

export type FieldKind = 'text' | 'number' | 'date' | 'datetime';
export type DeviceFormValues = Record<string, string | number | boolean>;

/** The editor's tabs and their fields (Traccar's fields, then Waymark's detail fields). */
export const EDITOR_TABS = [
  {
    key: 'general',
    fields: [
      ['name', 'text'],
      ['uniqueId', 'text'],
      ['phone', 'text'],
      ['model', 'text'],
      ['contact', 'text'],
      ['expirationTime', 'datetime'],
    ],
  },
  {
    key: 'vehicle',
    fields: [
      ['plateNumber', 'text'],
      ['vin', 'text'],
      ['engineNumber', 'text'],
      ['brand', 'text'],
      ['vehicleModel', 'text'],
      ['color', 'text'],
    ],
  },
  {
    key: 'installation',
    fields: [
      ['installedBy', 'text'],
      ['installedAt', 'datetime'],
      ['installationCompany', 'text'],
      ['installationPosition', 'text'],
      ['installationAddress', 'text'],
      ['installationImage', 'text'],
    ],
  },
  {
    key: 'fuelTank',
    fields: [
      ['fuelTankShape', 'text'],
      ['fuelTankLength', 'number'],
      ['fuelTankWidth', 'number'],
      ['fuelTankHeight', 'number'],
      ['fuelTankDiameter', 'number'],
      ['fuelTankVolume', 'number'],
    ],
  },
  {
    key: 'thresholds',
    fields: [
      ['fuelDropThreshold', 'number'],
      ['fuelIncreaseThreshold', 'number'],
      ['temperatureDropThreshold', 'number'],
      ['temperatureIncreaseThreshold', 'number'],
    ],
  },
  {
    key: 'tires',
    fields: [
      ['frontTireChangeDate', 'date'],
      ['frontTireDistance', 'number'],
      ['rearTireChangeDate', 'date'],
      ['rearTireDistance', 'number'],
    ],
  },
  {
    key: 'permit',
    fields: [
      ['motIssueDate', 'date'],
      ['motExpiryDate', 'date'],
      ['permitNumber', 'text'],
      ['permitCoverage', 'text'],
    ],
  },
] as const satisfies readonly { key: string; fields: readonly (readonly [string, FieldKind])[] }[];

export type EditorTab = (typeof EDITOR_TABS)[number]['key'];
export type FieldName = (typeof EDITOR_TABS)[number]['fields'][number][0];
const FIELDS = EDITOR_TABS.flatMap((tab) => tab.fields.map(([name, kind]) => ({ name, kind, tab: tab.key })));

/** Tire distances are typed in kilometres and stored in metres. */
const KM_FIELDS = new Set(['frontTireDistance', 'rearTireDistance']);

const pad = (n: number) => String(n).padStart(2, '0');

/** ISO time → the `datetime-local` text of the user's time zone. */
function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Form values of a device (empty ones for a new device). */
export function toFormValues(device?: Device | null): DeviceFormValues {
  const values: DeviceFormValues = { category: device?.category ?? 'default', disabled: device?.disabled ?? false };
  const source = (device ?? {}) as Record<string, unknown>;
  for (const { name, kind } of FIELDS) {
    const value = source[name];
    if (value === null || value === undefined) values[name] = '';
    else if (kind === 'datetime') values[name] = toLocalInput(String(value));
    else if (kind === 'date') values[name] = String(value).slice(0, 10);
    else if (kind === 'number') values[name] = KM_FIELDS.has(name) ? Number(value) / 1000 : Number(value);
    else values[name] = String(value);
  }
  return values;
}

function fromField(kind: FieldKind, name: string, value: string | number | boolean | undefined): unknown {
  if (value === '' || value === undefined) return null;
  if (kind === 'number') {
    const n = typeof value === 'number' ? value : Number(value);
    if (Number.isNaN(n)) return value;
    return KM_FIELDS.has(name) ? Math.round(n * 1000) : n;
  }
  if (kind === 'datetime') return new Date(String(value)).toISOString();
  if (kind === 'date') return `${String(value)}T00:00:00.000Z`;
  return String(value).trim() === '' ? null : value;
}

/**
 * The PUT/POST body for the form values; a device being edited keeps what the form does not show
 * (group, tenant, calendar, vendor, attributes).
 */
export function toDeviceInput(values: DeviceFormValues, device?: Device | null): Record<string, unknown> {
  const input: Record<string, unknown> = {
    category: values.category || null,
    disabled: values.disabled === true,
    groupId: device?.groupId ?? null,
    calendarId: device?.calendarId ?? null,
    vendorId: device?.vendorId ?? null,
    attributes: device?.attributes ?? {},
  };
  if (device?.tenantId != null) input.tenantId = device.tenantId;
  for (const { name, kind } of FIELDS) input[name] = fromField(kind, name, values[name]);
  return input;
}

export type ValidationResult = { ok: true; input: DeviceInput } | { ok: false; errors: Record<string, string> };

/** Checks the body with the contract schema; errors are translation keys (devices namespace) by field. */
export function validateDevice(values: DeviceFormValues, device?: Device | null): ValidationResult {
  const parsed = deviceInputSchema.safeParse(toDeviceInput(values, device));
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'name');
    if (errors[field]) continue;
    const empty = values[field] === '' || values[field] === undefined;
    if (empty && (issue.code === 'too_small' || issue.code === 'invalid_type'))
      errors[field] = 'editor.errors.required';
    else if (issue.code === 'too_small') errors[field] = 'editor.errors.notNegative';
    else if (issue.code === 'too_big') errors[field] = 'editor.errors.tooLong';
    else if (field === 'uniqueId') errors[field] = 'editor.errors.uniqueIdFormat';
    else errors[field] = 'editor.errors.invalid';
  }
  return { ok: false, errors };
}

/** The tab holding the first field in error, to switch to it. */
export function tabOfField(field: string): EditorTab | undefined {
  return FIELDS.find((f) => f.name === field)?.tab ?? (field === 'category' ? 'general' : undefined);
}
