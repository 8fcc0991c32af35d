import 'leaflet/dist/leaflet.css';
import { Box } from '@mantine/core';
import { latLngBounds } from 'leaflet';
import { useEffect, useMemo } from 'react';
import { CircleMarker, MapContainer, Polyline, Tooltip, useMap } from 'react-leaflet';
import { BaseTileLayer } from '../../../components/tile-layers';
import { useMapPreferences } from '../../map/use-map-preferences';

export type LatLng = [number, number];

export interface ReportMarker {
  key: string;
  at: LatLng;
  label: string;
  /** start green, end red, a stop or an event in the theme's blue; the selected one larger */
  kind?: 'start' | 'end' | 'place';
  selected?: boolean;
}

const COLORS = { start: '#2f9e44', end: '#e03131', place: '#1c7ed6' } as const;

/** Fits the map to what it shows whenever that changes. */
function FitTo({ points }: { points: readonly LatLng[] }) {
  const map = useMap();
  const key = points.length ? `${points.length}|${points[0]}|${points[points.length - 1]}` : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names the points
  useEffect(() => {
    if (points.length === 1 && points[0]) map.setView(points[0], Math.max(map.getZoom(), 14));
    else if (points.length > 1) map.fitBounds(latLngBounds([...points]).pad(0.1));
  }, [map, key]);
  return null;
}

interface Props {
  label: string;
  /** tracks drawn as lines (a trip's route, the route report) */
  tracks?: readonly (readonly LatLng[])[];
  markers?: readonly ReportMarker[];
  onSelect?: (key: string) => void;
  height?: number | string;
}

/** The map beside a report: its tracks and places; the view follows what is shown. */
export function ReportMap({ label, tracks = [], markers = [], onSelect, height = 480 }: Props) {
  const prefs = useMapPreferences();
  const selected = markers.find((m) => m.selected);
  const points = useMemo(() => {
    if (selected && !tracks.length) return [selected.at];
    return [...tracks.flat(), ...markers.map((m) => m.at)];
  }, [tracks, markers, selected]);
  return (
    <Box
      h={height}
      role="region"
      aria-label={label}
      data-testid="report-map"
      style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
    >
      <MapContainer center={prefs.center} zoom={prefs.zoom} style={{ height: '100%', width: '100%' }}>
        <BaseTileLayer layer={prefs.customTileUrl ? 'custom' : 'osm'} customUrl={prefs.customTileUrl} />
        {tracks.map((track, index) =>
          track.length > 1 ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: tracks have no identity beyond their order
            <Polyline key={index} positions={[...track]} pathOptions={{ color: '#5D87FF', weight: 4 }} />
          ) : null,
        )}
        {markers.map((marker) => (
          <CircleMarker
            key={marker.key}
            center={marker.at}
            radius={marker.selected ? 10 : 6}
            pathOptions={{ color: COLORS[marker.kind ?? 'place'], fillOpacity: marker.selected ? 0.9 : 0.6 }}
            eventHandlers={onSelect ? { click: () => onSelect(marker.key) } : undefined}
          >
            <Tooltip direction="top">{marker.label}</Tooltip>
          </CircleMarker>
        ))}
        <FitTo points={points} />
      </MapContainer>
    </Box>
  );
}
