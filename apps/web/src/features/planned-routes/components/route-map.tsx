import 'leaflet/dist/leaflet.css';
import type { RouteDto } from '@waymark/contracts/route';
import { useEffect, useState } from 'react';
import { MapContainer, Polyline, TileLayer, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import { DrawControls } from '../../../components/map-drawing/draw-controls';
import { EditableShape } from '../../../components/map-drawing/editable-shape';
import { type GeofenceGeometry, geometryOf, type LatLon } from '../../geofences/geofence-geometry';
import { corridorWeight } from '../route-corridor';

export interface RouteMapProps {
  routes: readonly RouteDto[];
  selectedId: number | null;
  /** the line being edited (a polyline geometry, kept as given so that the editable layer is not rebuilt) */
  draft: GeofenceGeometry | null;
  draftWidth: number;
  draftColor: string;
  onDraftChange: (geometry: GeofenceGeometry | null) => void;
  onSelect: (id: number) => void;
  focus: LatLon | null;
}

function Focus({ focus }: { focus: LatLon | null }) {
  const map = useMap();
  useEffect(() => {
    if (focus) map.setView([...focus], Math.max(map.getZoom(), 13));
  }, [focus, map]);
  return null;
}

/** The map's zoom, followed so that corridors keep their width on the ground. */
function ZoomWatch({ onZoom }: { onZoom: (zoom: number) => void }) {
  const map = useMapEvents({ zoomend: () => onZoom(map.getZoom()) });
  return null;
}

const toLeaflet = (points: readonly LatLon[]) => points.map((p) => [p[0], p[1]] as [number, number]);
const pointsOf = (geometry: GeofenceGeometry | null): LatLon[] | null =>
  geometry?.kind === 'polyline' ? [...geometry.points] : null;

/** Saved routes drawn as corridors (a translucent band as wide as the corridor, the line inside), the draft editable. */
export function RouteMap(props: RouteMapProps) {
  const { routes, selectedId, draft, draftWidth, draftColor, onDraftChange, onSelect, focus } = props;
  const [zoom, setZoom] = useState(2);
  const draftPoints = pointsOf(draft);
  return (
    <MapContainer center={[20, 0]} zoom={2} style={{ height: '100%', minHeight: 360, width: '100%' }}>
      <TileLayer
        attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
        url="https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png"
      />
      <Focus focus={focus} />
      <ZoomWatch onZoom={setZoom} />
      <DrawControls linesOnly onDraw={onDraftChange} />
      {routes
        .filter((r) => r.id !== selectedId)
        .map((route) => {
          const points = pointsOf(geometryOf(route.area));
          if (!points) return null;
          return (
            <Polyline
              key={route.id}
              positions={toLeaflet(points)}
              pathOptions={{ color: route.color, weight: corridorWeight(route.width, points, zoom), opacity: 0.35 }}
              pmIgnore
              eventHandlers={{ click: () => onSelect(route.id) }}
            >
              <Tooltip sticky>{route.name}</Tooltip>
            </Polyline>
          );
        })}
      {draftPoints && (
        <Polyline
          positions={toLeaflet(draftPoints)}
          pathOptions={{ color: draftColor, weight: corridorWeight(draftWidth, draftPoints, zoom), opacity: 0.25 }}
          pmIgnore
          interactive={false}
        />
      )}
      {draft && <EditableShape geometry={draft} style={{ color: draftColor, weight: 3 }} onChange={onDraftChange} />}
    </MapContainer>
  );
}
