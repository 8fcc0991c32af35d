import { Button, Group, Paper, SegmentedControl, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Polygon, Polyline, useMapEvents } from 'react-leaflet';
import { type DistanceUnit, formatArea, formatDistance } from '../../../lib/format/units';
import { type LatLon, pathLength, polygonArea } from '../measure-geometry';
import { canDrawPaths } from './map-layers';

export type MeasureMode = 'off' | 'distance' | 'area';

/** Collects clicked points while measuring and draws the line or polygon (inside the MapContainer). */
export function MeasureLayer({
  mode,
  points,
  onAdd,
}: {
  mode: MeasureMode;
  points: LatLon[];
  onAdd: (point: LatLon) => void;
}) {
  useMapEvents({
    click: (event) => {
      if (mode !== 'off') onAdd([event.latlng.lat, event.latlng.lng]);
    },
  });
  if (mode === 'off' || points.length === 0 || !canDrawPaths()) return null;
  const positions = points.map(([lat, lon]) => [lat, lon] as [number, number]);
  return mode === 'area' ? (
    <Polygon positions={positions} pathOptions={{ color: '#FFAE1F' }} interactive={false} />
  ) : (
    <Polyline positions={positions} pathOptions={{ color: '#FFAE1F', dashArray: '6 6' }} interactive={false} />
  );
}

/** The measure distance / measure area switch and the result, outside the map. */
export function MeasureControls({
  mode,
  onModeChange,
  points,
  onClear,
  distanceUnit,
}: {
  mode: MeasureMode;
  onModeChange: (mode: MeasureMode) => void;
  points: LatLon[];
  onClear: () => void;
  distanceUnit: DistanceUnit;
}) {
  const { t } = useTranslation('map');
  useEffect(() => {
    if (mode === 'off') return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onModeChange('off');
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [mode, onModeChange]);
  const result =
    mode === 'distance'
      ? formatDistance(pathLength(points), distanceUnit)
      : mode === 'area'
        ? formatArea(polygonArea(points), distanceUnit)
        : null;
  return (
    <Paper p="xs" withBorder shadow="sm">
      <Group gap="xs" wrap="wrap">
        <SegmentedControl
          size="xs"
          aria-label={t('measure.label')}
          value={mode}
          onChange={(value) => onModeChange(value as MeasureMode)}
          data={[
            { value: 'off', label: t('measure.off') },
            { value: 'distance', label: t('measure.distance') },
            { value: 'area', label: t('measure.area') },
          ]}
        />
        {result !== null && (
          <>
            <Text size="sm" fw={600} aria-live="polite" data-testid="measure-result">
              {points.length === 0 ? t('measure.hint') : result}
            </Text>
            <Button size="compact-xs" variant="subtle" onClick={onClear} disabled={points.length === 0}>
              {t('measure.clear')}
            </Button>
          </>
        )}
      </Group>
    </Paper>
  );
}

/** State of the measure tools; switching mode starts a new measurement. */
export function useMeasure() {
  const [mode, setMode] = useState<MeasureMode>('off');
  const [points, setPoints] = useState<LatLon[]>([]);
  return {
    mode,
    points,
    setMode: (next: MeasureMode) => {
      setMode(next);
      setPoints([]);
    },
    add: (point: LatLon) => setPoints((old) => [...old, point]),
    clear: () => setPoints([]),
  };
}
