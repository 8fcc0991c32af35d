import 'leaflet/dist/leaflet.css';
import { Box } from '@mantine/core';
import { useEffect } from 'react';
import { CircleMarker, MapContainer, Polyline, TileLayer, Tooltip, useMap } from 'react-leaflet';

export interface MapPoint {
  latitude: number;
  longitude: number;
}

/** Keeps the followed point in view as it moves. */
function Follow({ point }: { point: MapPoint }) {
  const map = useMap();
  useEffect(() => {
    map.panTo([point.latitude, point.longitude], { animate: true });
  }, [map, point.latitude, point.longitude]);
  return null;
}

interface Props {
  point: MapPoint;
  label: string;
  color?: string;
  /** Recent points of the device, oldest first. */
  trail?: readonly MapPoint[];
  height?: number | string;
}

/** A small map following one device, drawn as a circle marker with its trail. */
export function DeviceMap({ point, label, color = '#5D87FF', trail = [], height = 360 }: Props) {
  return (
    <Box h={height} style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }} data-testid="device-map">
      <MapContainer center={[point.latitude, point.longitude]} zoom={15} style={{ height: '100%', width: '100%' }}>
        <TileLayer
          attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>'
          url="https://tile.openstreetmap.org/{z}/{x}/{y}.png"
        />
        {trail.length > 1 && (
          <Polyline positions={trail.map((p) => [p.latitude, p.longitude] as [number, number])} color={color} />
        )}
        <CircleMarker center={[point.latitude, point.longitude]} radius={9} pathOptions={{ color, fillOpacity: 0.8 }}>
          <Tooltip permanent direction="top" offset={[0, -10]}>
            {label}
          </Tooltip>
        </CircleMarker>
        <Follow point={point} />
      </MapContainer>
    </Box>
  );
}
