// Geoman extends the global `L` that Leaflet defines, so Leaflet must be evaluated first. Only the geofence
// page's map imports this module (the page is loaded lazily), so geoman never reaches the main bundle.
import 'leaflet';
import '@geoman-io/leaflet-geoman-free';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
