import { DEFAULT_GEOFENCE_COLOR } from '@waymark/contracts/geofence';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/** The colours of a geofence from its attributes: line and fill fall back to `color`, then #3bb2d0. */
export function geofenceColours(attributes: Record<string, unknown>) {
  const color = text(attributes.color) ?? DEFAULT_GEOFENCE_COLOR;
  return {
    color,
    lineColor: text(attributes.lineColor) ?? color,
    fillColor: text(attributes.fillColor) ?? color,
    vertexColor: text(attributes.vertexColor) ?? color,
  };
}

/** Leaflet path options for a geofence. */
export function pathStyle(attributes: Record<string, unknown>, selected = false) {
  const colours = geofenceColours(attributes);
  return {
    color: colours.lineColor,
    fillColor: colours.fillColor,
    fillOpacity: selected ? 0.3 : 0.15,
    weight: selected ? 3 : 2,
  };
}
