import './geoman';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import type { GeofenceGeometry, LatLon } from '../../features/geofences/geofence-geometry';

const toLatLon = (point: L.LatLng): LatLon => [point.lat, point.lng];

/** Reads a Leaflet layer drawn or edited with geoman back as a geometry (null for other layers). */
export function layerToGeometry(layer: L.Layer): GeofenceGeometry | null {
  if (layer instanceof L.Circle) {
    return { kind: 'circle', center: toLatLon(layer.getLatLng()), radius: layer.getRadius() };
  }
  if (layer instanceof L.Polygon) {
    const rings = layer.getLatLngs() as L.LatLng[][];
    const ring = rings[0] ?? [];
    return ring.length >= 3 ? { kind: 'polygon', points: ring.map(toLatLon) } : null;
  }
  if (layer instanceof L.Polyline) {
    const points = (layer.getLatLngs() as L.LatLng[]).map(toLatLon);
    return points.length >= 2 ? { kind: 'polyline', points } : null;
  }
  return null;
}

function geometryToLayer(geometry: GeofenceGeometry, style: L.PathOptions): L.Path {
  switch (geometry.kind) {
    case 'circle':
      return L.circle([...geometry.center], { ...style, radius: geometry.radius });
    case 'polygon':
      return L.polygon(
        geometry.points.map((p) => [...p] as [number, number]),
        style,
      );
    case 'polyline':
      return L.polyline(
        geometry.points.map((p) => [...p] as [number, number]),
        style,
      );
  }
}

export interface EditableShapeProps {
  geometry: GeofenceGeometry;
  style: L.PathOptions;
  onChange: (geometry: GeofenceGeometry | null) => void;
}

/**
 * The geometry being edited, as a geoman-editable layer (a circle stays a real circle so its radius can be
 * dragged). Edits and removal are reported through onChange; the layer is rebuilt only when the geometry comes
 * from elsewhere (the list or the area field), not when it is the one this layer reported.
 */
export function EditableShape({ geometry, style, onChange }: EditableShapeProps) {
  const map = useMap();
  const reported = useRef<GeofenceGeometry | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const styleKey = JSON.stringify(style);

  useEffect(() => {
    if (reported.current === geometry) return;
    const layer = geometryToLayer(geometry, JSON.parse(styleKey) as L.PathOptions);
    const report = () => {
      const next = layerToGeometry(layer);
      reported.current = next;
      onChangeRef.current(next);
    };
    layer.on('pm:edit', report);
    layer.on('pm:remove', () => {
      reported.current = null;
      onChangeRef.current(null);
    });
    layer.addTo(map);
    layer.pm?.enable({ allowSelfIntersection: false });
    return () => {
      layer.off();
      layer.remove();
    };
  }, [geometry, map, styleKey]);

  return null;
}
