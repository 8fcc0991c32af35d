import 'leaflet/dist/leaflet.css';
import type { GeofenceDto } from '@waymark/contracts/geofence';
import { useEffect } from 'react';
import { CircleMarker, MapContainer, Polygon, Polyline, TileLayer, Tooltip, useMap } from 'react-leaflet';
import { DrawControls } from '../../../components/map-drawing/draw-controls';
import { EditableShape } from '../../../components/map-drawing/editable-shape';
import { type GeofenceGeometry, geometryOf, type LatLon, outlineOf } from '../geofence-geometry';
import { geofenceColours, pathStyle } from '../geofence-style';

export interface GeofenceMapProps {
  geofences: readonly GeofenceDto[];
  /** The geofence being edited (not drawn among the others). */
  selectedId: number | null;
  draft: GeofenceGeometry | null;
  draftAttributes: Record<string, unknown>;
  onDraftChange: (geometry: GeofenceGeometry | null) => void;
  onSelect: (id: number) => void;
  /** Where to look: a point (?lat=&lon=) with its zoom. */
  focus: { center: LatLon; zoom: number } | null;
}

function Focus({ focus }: { focus: GeofenceMapProps['focus'] }) {
  const map = useMap();
  useEffect(() => {
    if (focus) map.setView([...focus.center], focus.zoom);
  }, [focus, map]);
  return null;
}

const toLeaflet = (points: readonly LatLon[]) => points.map((p) => [p[0], p[1]] as [number, number]);

/** The map of the geofence page: saved geofences (circles as 32-step polygons), the shape being edited, tools. */
export function GeofenceMap(props: GeofenceMapProps) {
  const { geofences, selectedId, draft, draftAttributes, onDraftChange, onSelect, focus } = props;
  return (
    <MapContainer
      center={focus ? [...focus.center] : [20, 0]}
      zoom={focus?.zoom ?? 2}
      style={{ height: '100%', minHeight: 360, width: '100%' }}
    >
      <TileLayer
        attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
        url="https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png"
      />
      <Focus focus={focus} />
      <DrawControls onDraw={onDraftChange} />
      {geofences
        .filter((g) => g.id !== selectedId)
        .map((geofence) => {
          const geometry = geometryOf(geofence.area);
          if (!geometry) return null;
          const positions = toLeaflet(outlineOf(geometry));
          const common = {
            pathOptions: pathStyle(geofence.attributes),
            pmIgnore: true,
            eventHandlers: { click: () => onSelect(geofence.id) },
          };
          const label = (
            <Tooltip key="label" sticky>
              {geofence.name}
            </Tooltip>
          );
          return geometry.kind === 'polyline' ? (
            <Polyline key={geofence.id} positions={positions} {...common}>
              {label}
            </Polyline>
          ) : (
            <Polygon key={geofence.id} positions={positions} {...common}>
              {label}
            </Polygon>
          );
        })}
      {draft && <EditableShape geometry={draft} style={pathStyle(draftAttributes, true)} onChange={onDraftChange} />}
      {draft &&
        draft.kind !== 'circle' &&
        draft.points.map((point, i) => (
          <CircleMarker
            // biome-ignore lint/suspicious/noArrayIndexKey: vertices have no identity but their order
            key={i}
            center={[point[0], point[1]]}
            radius={3}
            pathOptions={{ color: geofenceColours(draftAttributes).vertexColor, fillOpacity: 1 }}
            pmIgnore
            interactive={false}
          />
        ))}
    </MapContainer>
  );
}
