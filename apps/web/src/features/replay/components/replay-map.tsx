import 'leaflet/dist/leaflet.css';
import { Box } from '@mantine/core';
import type { Position } from '@waymark/contracts/device';
import { latLngBounds } from 'leaflet';
import { useEffect, useMemo } from 'react';
import { CircleMarker, MapContainer, Polyline, useMap } from 'react-leaflet';
import { BaseTileLayer } from '../../../components/tile-layers';

type LatLng = [number, number];

/** Pans to the current point when it leaves the visible part of the map. */
function KeepInView({ point }: { point: LatLng }) {
  const map = useMap();
  useEffect(() => {
    if (!map.getBounds().contains(point)) map.panTo(point, { animate: true });
  }, [map, point]);
  return null;
}

interface Props {
  points: readonly Position[];
  index: number;
  label: string;
  customTileUrl: string | null;
  color?: string;
  height?: number | string;
}

/** The route of a replay: the whole route faint, the part already played solid, and the current point. */
export function ReplayMap({ points, index, label, customTileUrl, color = '#5D87FF', height = 440 }: Props) {
  const route = useMemo(() => points.map((p) => [p.latitude, p.longitude] as LatLng), [points]);
  const played = useMemo(() => route.slice(0, index + 1), [route, index]);
  const current = route[index] ?? route[0] ?? ([0, 0] as LatLng);
  // the map opens on the whole route (one fix: centred on it)
  const bounds = useMemo(() => (route.length > 1 ? latLngBounds(route).pad(0.1) : undefined), [route]);
  return (
    <Box
      h={height}
      style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
      role="region"
      aria-label={label}
      data-testid="replay-map"
    >
      <MapContainer
        {...(bounds ? { bounds } : { center: current, zoom: 15 })}
        style={{ height: '100%', width: '100%' }}
      >
        <BaseTileLayer layer={customTileUrl ? 'custom' : 'osm'} customUrl={customTileUrl} />
        {route.length > 1 && <Polyline positions={route} pathOptions={{ color, opacity: 0.35, weight: 4 }} />}
        {played.length > 1 && <Polyline positions={played} pathOptions={{ color, weight: 4 }} />}
        <CircleMarker center={current} radius={8} pathOptions={{ color, fillOpacity: 0.9 }} />
        <KeepInView point={current} />
      </MapContainer>
    </Box>
  );
}
