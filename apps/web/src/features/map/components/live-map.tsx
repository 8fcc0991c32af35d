import 'leaflet/dist/leaflet.css';
import { Box, Group, Paper } from '@mantine/core';
import type { Device, Position } from '@waymark/contracts/device';
import { useState } from 'react';
import { MapContainer } from 'react-leaflet';
import { BaseTileLayer, type TileLayerId, TileLayerSwitcher } from '../../../components/tile-layers';
import type { MapPreferences } from '../use-map-preferences';
import { DeviceMarkers, FitToFleet, FlyToSelection, FollowPosition, LiveTrails } from './map-layers';
import { MeasureControls, MeasureLayer, useMeasure } from './measure-tool';
import { PoiLayer, PoiLayerToggle, usePoiLayer } from './poi-layer';

interface LiveMapProps {
  devices: readonly Device[];
  positions: readonly Position[];
  selectedId: number | null;
  selectedPosition: Position | undefined;
  follow: boolean;
  onSelect: (id: number) => void;
  preferences: MapPreferences;
}

/**
 * The Leaflet map: base layer switcher, device markers and clusters, points of interest (a layer the user may hide),
 * live trails, follow and measure tools.
 */
export function LiveMap({
  devices,
  positions,
  selectedId,
  selectedPosition,
  follow,
  onSelect,
  preferences,
}: LiveMapProps) {
  const [layer, setLayer] = useState<TileLayerId>(preferences.customTileUrl ? 'custom' : 'osm');
  const measure = useMeasure();
  const poiLayer = usePoiLayer();
  return (
    <Box pos="relative" h="100%" data-testid="live-map">
      <MapContainer
        center={preferences.center}
        zoom={preferences.zoom}
        style={{ height: '100%', width: '100%', borderRadius: 7 }}
        worldCopyJump
      >
        <BaseTileLayer layer={layer} customUrl={preferences.customTileUrl} />
        <FitToFleet positions={positions} enabled={!preferences.presetView} />
        <DeviceMarkers devices={devices} positions={positions} selectedId={selectedId} onSelect={onSelect} />
        {poiLayer.pois.length > 0 && <PoiLayer pois={poiLayer.pois} />}
        <LiveTrails settings={preferences.trails} selectedId={selectedId} />
        <FlyToSelection selectedId={selectedId} position={selectedPosition} />
        {follow && <FollowPosition position={selectedPosition} />}
        <MeasureLayer mode={measure.mode} points={measure.points} onAdd={measure.add} />
      </MapContainer>
      <Group pos="absolute" top={8} right={8} gap="xs" align="flex-end" style={{ zIndex: 1000 }} justify="flex-end">
        <MeasureControls
          mode={measure.mode}
          onModeChange={measure.setMode}
          points={measure.points}
          onClear={measure.clear}
          distanceUnit={preferences.units.distance}
        />
        {poiLayer.allowed && <PoiLayerToggle shown={poiLayer.shown} onToggle={poiLayer.toggle} />}
        <Paper p={6} withBorder shadow="sm">
          <TileLayerSwitcher value={layer} onChange={setLayer} customUrl={preferences.customTileUrl} />
        </Paper>
      </Group>
    </Box>
  );
}
