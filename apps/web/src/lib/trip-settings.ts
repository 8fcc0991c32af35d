/**
 * The trips-and-stops settings (Traccar's `report.trip.*` attributes) as a form edits them: metres and minutes,
 * an empty field inheriting from the level above (group, tenant, server, Traccar's defaults).
 */
export interface TripSettings {
  tripMinDistance: number | string;
  tripMinDuration: number | string;
  tripMinParking: number | string;
  tripStopGap: number | string;
  /** '' inherits, 'true' / 'false' decide */
  tripUseIgnition: string;
}

/** attribute key, and how many of its stored units (metres, seconds) make one unit of the form */
const FIELDS = [
  ['tripMinDistance', 'report.trip.minDistance', 1],
  ['tripMinDuration', 'report.trip.minDuration', 60],
  ['tripMinParking', 'report.trip.minParking', 60],
  ['tripStopGap', 'report.trip.stopGap', 60],
] as const;

export const TRIP_NUMBER_FIELDS = FIELDS.map(([field]) => field);

/** Traccar's defaults, in the form's units (shown as the placeholders of empty fields). */
export const TRIP_DEFAULTS = { tripMinDistance: 200, tripMinDuration: 3, tripMinParking: 5, tripStopGap: 60 } as const;

const numberOf = (value: unknown) => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

export function tripSettingsFromAttributes(attributes: Record<string, unknown>): TripSettings {
  const settings = { tripUseIgnition: '' } as TripSettings;
  for (const [field, key, per] of FIELDS) {
    const n = numberOf(attributes[key]);
    settings[field] = n === null ? '' : Math.round((n / per) * 100) / 100;
  }
  const ignition = attributes['report.trip.useIgnition'];
  if (ignition === true || ignition === 'true') settings.tripUseIgnition = 'true';
  if (ignition === false || ignition === 'false') settings.tripUseIgnition = 'false';
  return settings;
}

/** Form → attributes, keeping the others; an empty field removes its key (inherit again). */
export function attributesWithTripSettings(
  previous: Record<string, unknown>,
  settings: TripSettings,
): Record<string, unknown> {
  const next: Record<string, unknown> = { ...previous };
  for (const [field, key, per] of FIELDS) {
    const value = settings[field];
    if (value === '' || Number.isNaN(Number(value))) delete next[key];
    else next[key] = Math.round(Number(value) * per);
  }
  if (settings.tripUseIgnition === '') delete next['report.trip.useIgnition'];
  else next['report.trip.useIgnition'] = settings.tripUseIgnition === 'true';
  return next;
}

/** Errors of negative numbers, by field. */
export function tripSettingsErrors(settings: TripSettings, message: string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of TRIP_NUMBER_FIELDS) {
    const value = settings[field];
    if (value !== '' && Number(value) < 0) errors[field] = message;
  }
  return errors;
}
