import type { Device, Position } from '@waymark/contracts/device';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMap } from 'react-leaflet';
import { useLive } from '../../../live/live-provider';
import { appendTrails, type TrailSettings, type Trails } from '../../../live/live-trails';
import { DeviceMarkerLayer } from '../markers/device-marker-layer';

/** Whether vector paths can be drawn (SVG or canvas); false in jsdom, which has neither. */
export function canDrawPaths(): boolean {
  return L.Browser.svg || !navigator.userAgent.includes('jsdom');
}

/** The device markers and cluster badges (drawn imperatively by DeviceMarkerLayer). */
export function DeviceMarkers({
  devices,
  positions,
  selectedId,
  onSelect,
}: {
  devices: readonly Device[];
  positions: readonly Position[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  const map = useMap();
  const { t } = useTranslation('map');
  const layer = useRef<DeviceMarkerLayer | null>(null);
  const select = useRef(onSelect);
  select.current = onSelect;
  const label = useRef(t);
  label.current = t;

  useEffect(() => {
    const created = new DeviceMarkerLayer(map, {
      onSelect: (id) => select.current(id),
      clusterLabel: (count) => label.current('cluster', { count }),
    });
    layer.current = created;
    return () => {
      created.destroy();
      layer.current = null;
    };
  }, [map]);
  useEffect(() => layer.current?.setData(devices, positions), [devices, positions]);
  useEffect(() => layer.current?.setSelected(selectedId), [selectedId]);
  return null;
}

/**
 * Live trails per mapLiveRoutes / web.liveRouteLength: every websocket batch appends to the trails, drawn as
 * one polyline (a single SVG path).
 */
export function LiveTrails({ settings, selectedId }: { settings: TrailSettings; selectedId: number | null }) {
  const map = useMap();
  const { onPositions } = useLive();
  const trails = useRef<Trails>(new Map());

  useEffect(() => {
    if (settings.mode === 'none' || !canDrawPaths()) {
      trails.current.clear();
      return;
    }
    const line = L.polyline([], {
      color: '#5D87FF',
      weight: 3,
      opacity: 0.8,
      renderer: L.canvas(),
      interactive: false,
    });
    line.addTo(map);
    // only the trails ending in (or near) the view: projecting and painting ten thousand off-screen trails
    // would cost a batch more than everything else it does
    const draw = () => {
      const view = map.getBounds().pad(0.25);
      const shown: [number, number][][] = [];
      for (const trail of trails.current.values()) {
        const end = trail[trail.length - 1];
        if (trail.length > 1 && end && view.contains(end)) shown.push(trail);
      }
      line.setLatLngs(shown);
    };
    appendTrails(trails.current, [], settings, selectedId);
    draw();
    const off = onPositions((positions) => {
      appendTrails(trails.current, positions, settings, selectedId);
      draw();
    });
    map.on('moveend', draw);
    return () => {
      off();
      map.off('moveend', draw);
      line.remove();
    };
  }, [map, onPositions, settings, selectedId]);
  return null;
}

/** Follow mode: keeps the selected device's position in the middle of the map. */
export function FollowPosition({ position }: { position: Position | undefined }) {
  const map = useMap();
  const lat = position?.latitude;
  const lon = position?.longitude;
  useEffect(() => {
    if (lat !== undefined && lon !== undefined) map.panTo([lat, lon], { animate: true });
  }, [map, lat, lon]);
  return null;
}

/** Flies to a device when it is selected. */
export function FlyToSelection({ selectedId, position }: { selectedId: number | null; position?: Position }) {
  const map = useMap();
  const target = useRef(position);
  target.current = position;
  useEffect(() => {
    const at = target.current;
    if (selectedId === null || !at) return;
    map.flyTo([at.latitude, at.longitude], Math.max(map.getZoom(), 15), { duration: 0.6 });
  }, [map, selectedId]);
  return null;
}

/** Without a preset view (user or server map settings), the map opens on the fleet once its positions arrive. */
export function FitToFleet({ positions, enabled }: { positions: readonly Position[]; enabled: boolean }) {
  const map = useMap();
  const done = useRef(false);
  useEffect(() => {
    if (!enabled || done.current || positions.length === 0) return;
    done.current = true;
    const bounds = L.latLngBounds(positions.map((p) => [p.latitude, p.longitude] as [number, number]));
    map.fitBounds(bounds, { padding: [40, 40], maxZoom: 15, animate: false });
  }, [map, positions, enabled]);
  return null;
}
