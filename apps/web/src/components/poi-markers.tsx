import {
  type Icon,
  IconBuildingWarehouse,
  IconGasStation,
  IconMapPin,
  IconParking,
  IconTool,
  IconToolsKitchen2,
  IconUser,
} from '@tabler/icons-react';
import type { PoiCategory, PoiDto } from '@waymark/contracts/poi';
import L from 'leaflet';
import { renderToStaticMarkup } from 'react-dom/server';
import { Marker, Tooltip } from 'react-leaflet';

/** The Tabler icon and colour of each POI category (the POI page's list and form, and every map's markers). */
export const POI_ICONS: Record<PoiCategory, { icon: Icon; color: string }> = {
  fuel: { icon: IconGasStation, color: '#e8590c' },
  depot: { icon: IconBuildingWarehouse, color: '#1971c2' },
  customer: { icon: IconUser, color: '#2f9e44' },
  parking: { icon: IconParking, color: '#3b5bdb' },
  service: { icon: IconTool, color: '#6741d9' },
  restaurant: { icon: IconToolsKitchen2, color: '#c2255c' },
  other: { icon: IconMapPin, color: '#495057' },
};

const markers = new Map<PoiCategory, L.DivIcon>();

/** A round map marker with the category's icon (made once per category). */
export function poiMarkerIcon(category: PoiCategory): L.DivIcon {
  let marker = markers.get(category);
  if (!marker) {
    const { icon: CategoryIcon, color } = POI_ICONS[category];
    const svg = renderToStaticMarkup(<CategoryIcon size={16} color="#fff" stroke={2} />);
    marker = L.divIcon({
      className: 'waymark-poi-marker',
      html: `<div data-poi-category="${category}" style="width:26px;height:26px;border-radius:50%;background:${color};display:flex;align-items:center;justify-content:center;border:2px solid #fff;box-shadow:0 1px 3px rgba(0,0,0,.4)">${svg}</div>`,
      iconSize: [26, 26],
      iconAnchor: [13, 13],
    });
    markers.set(category, marker);
  }
  return marker;
}

/** The POIs as markers with their category's icon and their name on hover (inside a MapContainer). */
export function PoiMarkers({ pois, onSelect }: { pois: readonly PoiDto[]; onSelect?: (id: number) => void }) {
  return (
    <>
      {pois.map((poi) => (
        <Marker
          key={poi.id}
          position={[poi.latitude, poi.longitude]}
          icon={poiMarkerIcon(poi.category)}
          title={poi.name}
          eventHandlers={onSelect ? { click: () => onSelect(poi.id) } : {}}
        >
          <Tooltip direction="top" offset={[0, -12]}>
            {poi.name}
          </Tooltip>
        </Marker>
      ))}
    </>
  );
}
