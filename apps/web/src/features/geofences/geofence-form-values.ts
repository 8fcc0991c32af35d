import {
  DEFAULT_GEOFENCE_COLOR,
  DEFAULT_POLYLINE_DISTANCE,
  type GeofenceDto,
  type GeofenceInput,
  geofenceInputSchema,
} from '@waymark/contracts/geofence';
import { geometryOf } from './geofence-geometry';

/** The fields of the geofence form (colours empty = not set). */
export interface GeofenceFormValues {
  name: string;
  description: string;
  area: string;
  color: string;
  lineColor: string;
  vertexColor: string;
  fillColor: string;
  alertOnEntry: boolean;
  alertOnExit: boolean;
  polylineDistance: number | string;
}

export const emptyGeofenceValues: GeofenceFormValues = {
  name: '',
  description: '',
  area: '',
  color: DEFAULT_GEOFENCE_COLOR,
  lineColor: '',
  vertexColor: '',
  fillColor: '',
  alertOnEntry: true,
  alertOnExit: true,
  polylineDistance: DEFAULT_POLYLINE_DISTANCE,
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function valuesOf(geofence: GeofenceDto): GeofenceFormValues {
  const a = geofence.attributes;
  return {
    name: geofence.name,
    description: geofence.description ?? '',
    area: geofence.area,
    color: text(a.color) || DEFAULT_GEOFENCE_COLOR,
    lineColor: text(a.lineColor),
    vertexColor: text(a.vertexColor),
    fillColor: text(a.fillColor),
    alertOnEntry: a.alertOnEntry !== false,
    alertOnExit: a.alertOnExit !== false,
    polylineDistance: typeof a.polylineDistance === 'number' ? a.polylineDistance : DEFAULT_POLYLINE_DISTANCE,
  };
}

/** The attributes the form shows, for previewing colours on the map. */
export function attributesOf(values: GeofenceFormValues): Record<string, unknown> {
  const optional = (key: 'lineColor' | 'vertexColor' | 'fillColor') =>
    values[key].trim() ? { [key]: values[key].trim() } : {};
  return {
    color: values.color.trim() || DEFAULT_GEOFENCE_COLOR,
    ...optional('lineColor'),
    ...optional('vertexColor'),
    ...optional('fillColor'),
    alertOnEntry: values.alertOnEntry,
    alertOnExit: values.alertOnExit,
  };
}

/** The request body; other attributes of an existing geofence (speedLimit, …) are kept. */
export function toGeofenceInput(values: GeofenceFormValues, existing?: GeofenceDto): GeofenceInput {
  const kept = { ...(existing?.attributes ?? {}) };
  for (const key of ['lineColor', 'vertexColor', 'fillColor', 'polylineDistance']) delete kept[key];
  const isLine = geometryOf(values.area)?.kind === 'polyline';
  const distance = Number(values.polylineDistance);
  return {
    name: values.name.trim(),
    description: values.description.trim() || null,
    area: values.area.trim(),
    calendarId: existing?.calendarId || null,
    attributes: { ...kept, ...attributesOf(values), ...(isLine ? { polylineDistance: distance } : {}) },
  };
}

export type GeofenceFormError = 'nameRequired' | 'nameTooLong' | 'areaRequired' | 'areaInvalid' | 'distanceInvalid';

/** Checks the values with the contract's schema; errors by field as translation keys. */
export function validateGeofence(
  values: GeofenceFormValues,
): Partial<Record<keyof GeofenceFormValues, GeofenceFormError>> {
  const errors: Partial<Record<keyof GeofenceFormValues, GeofenceFormError>> = {};
  if (!values.name.trim()) errors.name = 'nameRequired';
  if (!values.area.trim()) errors.area = 'areaRequired';
  else if (!geometryOf(values.area)) errors.area = 'areaInvalid';
  const result = geofenceInputSchema.safeParse(toGeofenceInput(values));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const [field, sub] = issue.path;
      if (field === 'name' && !errors.name) errors.name = 'nameTooLong';
      if (field === 'area' && !errors.area) errors.area = 'areaInvalid';
      if (field === 'attributes' && sub === 'polylineDistance') errors.polylineDistance = 'distanceInvalid';
    }
  }
  return errors;
}
