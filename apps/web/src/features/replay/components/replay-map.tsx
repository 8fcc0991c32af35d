import 'leaflet/dist/leaflet.css';
import { Box, Text } from '@mantine/core';
import type { ReportStop } from '@waymark/contracts/report';
import { latLngBounds } from 'leaflet';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, MapContainer, Polyline, Popup, useMap } from 'react-leaflet';
import { BaseTileLayer } from '../../../components/tile-layers';
import { formatDuration, formatTime } from '../../../lib/format/time';
import { type ReplayTrack, trackIndexAt } from '../replay-timeline';

type LatLng = [number, number];

/** Pans to the current point when it leaves the visible part of the map (one device replayed). */
function KeepInView({ point }: { point: LatLng }) {
  const map = useMap();
  useEffect(() => {
    if (!map.getBounds().contains(point)) map.panTo(point, { animate: true });
  }, [map, point]);
  return null;
}

interface Props {
  tracks: readonly ReplayTrack[];
  /** the player's current time (epoch ms) */
  time: number;
  stops: readonly ReportStop[];
  /** a stop was clicked: the player goes there */
  onStop: (stop: ReportStop) => void;
  nameOf: (deviceId: number) => string;
  label: string;
  customTileUrl: string | null;
  height?: number | string;
}

/**
 * The replayed routes, each in its device's colour: the whole route faint, the part already played solid, the
 * device where it is at the current time, and the stops of the period (duration in the popup).
 */
export function ReplayMap({ tracks, time, stops, onStop, nameOf, label, customTileUrl, height = 440 }: Props) {
  const { t, i18n } = useTranslation('replay');
  const routes = useMemo(
    () => tracks.map((track) => track.points.map((p) => [p.latitude, p.longitude] as LatLng)),
    [tracks],
  );
  const colorOf = useMemo(() => new Map(tracks.map((track) => [track.deviceId, track.color])), [tracks]);
  const all = useMemo(() => routes.flat(), [routes]);
  // the map opens on every route (one fix: centred on it)
  const bounds = useMemo(() => (all.length > 1 ? latLngBounds(all).pad(0.1) : undefined), [all]);
  const currents = tracks.map((track, i) => ({ track, route: routes[i] ?? [], at: trackIndexAt(track, time) }));
  const only = currents.length === 1 ? currents[0] : undefined;
  const onlyPoint = only ? (only.route[Math.max(0, only.at)] ?? null) : null;
  return (
    <Box
      h={height}
      style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
      role="region"
      aria-label={label}
      data-testid="replay-map"
    >
      <MapContainer
        {...(bounds ? { bounds } : { center: all[0] ?? [0, 0], zoom: 15 })}
        style={{ height: '100%', width: '100%' }}
      >
        <BaseTileLayer layer={customTileUrl ? 'custom' : 'osm'} customUrl={customTileUrl} />
        {currents.map(({ track, route, at }) => (
          <TrackLayer key={track.deviceId} color={track.color} route={route} at={at} />
        ))}
        {stops.map((stop) => (
          <CircleMarker
            key={`${stop.deviceId}|${stop.startTime}`}
            center={[stop.latitude, stop.longitude]}
            radius={6}
            pathOptions={{ color: colorOf.get(stop.deviceId) ?? '#495057', fillColor: '#fff', fillOpacity: 1 }}
            eventHandlers={{ click: () => onStop(stop) }}
          >
            <Popup>
              <Text size="sm" fw={500}>
                {t('stopAt', { name: nameOf(stop.deviceId) })}
              </Text>
              <Text size="xs">{formatTime(stop.startTime, i18n.language)}</Text>
              <Text size="xs">{t('stopFor', { duration: formatDuration(stop.duration) })}</Text>
            </Popup>
          </CircleMarker>
        ))}
        {onlyPoint && <KeepInView point={onlyPoint} />}
      </MapContainer>
    </Box>
  );
}

/** One device's route: faint whole, solid up to its current fix, and a marker there (none before its first fix). */
function TrackLayer({ color, route, at }: { color: string; route: readonly LatLng[]; at: number }) {
  const played = useMemo(() => route.slice(0, at + 1), [route, at]);
  const current = route[at];
  return (
    <>
      {route.length > 1 && <Polyline positions={[...route]} pathOptions={{ color, opacity: 0.35, weight: 4 }} />}
      {played.length > 1 && <Polyline positions={played} pathOptions={{ color, weight: 4 }} />}
      {current && <CircleMarker center={current} radius={8} pathOptions={{ color, fillOpacity: 0.9 }} />}
    </>
  );
}
