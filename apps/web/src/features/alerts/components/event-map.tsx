import 'leaflet/dist/leaflet.css';
import { CircleMarker, MapContainer, TileLayer, Tooltip } from 'react-leaflet';

/** A small map centred on one position, marked with a dot. */
export function EventMap({ latitude, longitude, label }: { latitude: number; longitude: number; label: string }) {
  return (
    <MapContainer
      center={[latitude, longitude]}
      zoom={15}
      style={{ height: 280, width: '100%', borderRadius: 8 }}
      scrollWheelZoom={false}
    >
      <TileLayer
        attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
        url="https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png"
      />
      <CircleMarker center={[latitude, longitude]} radius={9} pathOptions={{ color: '#fa5252', fillOpacity: 0.8 }}>
        <Tooltip permanent direction="top">
          {label}
        </Tooltip>
      </CircleMarker>
    </MapContainer>
  );
}
