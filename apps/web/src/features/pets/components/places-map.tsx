import 'leaflet/dist/leaflet.css';
import { Box } from '@mantine/core';
import type { PetHeatCell, PetPlace } from '@waymark/contracts/pet';
import { latLngBounds } from 'leaflet';
import { useMemo } from 'react';
import { Circle, MapContainer, Tooltip } from 'react-leaflet';
import { BaseTileLayer } from '../../../components/tile-layers';

/** Heat colour of a weight from 0 to 1: blue, through yellow, to red. */
export function heatColor(weight: number): string {
  const w = Math.max(0, Math.min(1, weight));
  const hue = Math.round(240 - 240 * w);
  return `hsl(${hue}, 90%, 50%)`;
}

/** Half the heat cell's height (about 44 m), so neighbouring cells touch. */
const HEAT_RADIUS = 24;

/**
 * The heat map (a circle per cell, coloured and filled by the time spent there: leaflet.heat is not a
 * dependency, and at a pet's scale a few hundred cells draw fast as vectors) and the visited places as rings.
 */
export function PlacesMap({
  heat,
  places,
  label,
  customTileUrl,
  placeLabel,
}: {
  heat: readonly PetHeatCell[];
  places: readonly PetPlace[];
  label: string;
  customTileUrl: string | null;
  placeLabel: (place: PetPlace, index: number) => string;
}) {
  const points = useMemo(
    () => [
      ...heat.map((c) => [c.latitude, c.longitude] as [number, number]),
      ...places.map((p) => [p.latitude, p.longitude] as [number, number]),
    ],
    [heat, places],
  );
  const bounds = useMemo(() => (points.length > 1 ? latLngBounds(points).pad(0.15) : undefined), [points]);
  const centre = points[0] ?? ([0, 0] as [number, number]);
  return (
    <Box
      h={420}
      style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
      role="region"
      aria-label={label}
      data-testid="pet-places-map"
    >
      <MapContainer {...(bounds ? { bounds } : { center: centre, zoom: 16 })} style={{ height: '100%', width: '100%' }}>
        <BaseTileLayer layer={customTileUrl ? 'custom' : 'osm'} customUrl={customTileUrl} />
        {heat.map((c) => (
          <Circle
            key={`${c.latitude},${c.longitude}`}
            center={[c.latitude, c.longitude]}
            radius={HEAT_RADIUS}
            pathOptions={{ stroke: false, fillColor: heatColor(c.weight), fillOpacity: 0.25 + 0.5 * c.weight }}
          />
        ))}
        {places.map((p, i) => (
          <Circle
            key={`${p.latitude},${p.longitude}`}
            center={[p.latitude, p.longitude]}
            radius={p.radius}
            pathOptions={{ color: '#1c7ed6', weight: 2, fillOpacity: 0 }}
          >
            <Tooltip>{placeLabel(p, i)}</Tooltip>
          </Circle>
        ))}
      </MapContainer>
    </Box>
  );
}
