import './geoman';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMap } from 'react-leaflet';
import type { GeofenceGeometry } from '../../features/geofences/geofence-geometry';
import { layerToGeometry } from './editable-shape';

const GEOMAN_LANGUAGES = new Set(['en', 'fr', 'el']);

/**
 * Geoman's toolbar: draw a circle, polygon or line (one shape at a time: a new drawing replaces the one being
 * edited), edit and remove. The drawn layer is handed over as a geometry and taken off the map; the page
 * redraws it as the editable shape.
 */
export function DrawControls({
  onDraw,
  linesOnly = false,
}: {
  onDraw: (geometry: GeofenceGeometry) => void;
  /** only the line tool (the planned routes page) */
  linesOnly?: boolean;
}) {
  const map = useMap();
  const { i18n } = useTranslation();
  const onDrawRef = useRef(onDraw);
  onDrawRef.current = onDraw;

  useEffect(() => {
    if (!map.pm) return;
    map.pm.addControls({
      position: 'topleft',
      drawMarker: false,
      drawCircleMarker: false,
      drawRectangle: false,
      drawText: false,
      cutPolygon: false,
      rotateMode: false,
      dragMode: true,
      drawPolygon: !linesOnly,
      drawCircle: !linesOnly,
      drawPolyline: true,
      editMode: true,
      removalMode: true,
    });
    map.pm.setGlobalOptions({ allowSelfIntersection: false, templineStyle: {}, hintlineStyle: {} });
    const created = ({ layer }: { layer: L.Layer }) => {
      const geometry = layerToGeometry(layer);
      layer.remove();
      if (geometry) onDrawRef.current(geometry);
    };
    map.on('pm:create', created);
    return () => {
      map.off('pm:create', created);
      map.pm.removeControls();
    };
  }, [map, linesOnly]);

  useEffect(() => {
    const language = i18n.language.slice(0, 2);
    if (map.pm && GEOMAN_LANGUAGES.has(language)) map.pm.setLang(language as 'en' | 'fr' | 'el');
  }, [i18n.language, map]);

  return null;
}
