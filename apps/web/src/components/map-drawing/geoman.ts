// Geoman extends the global `L` that Leaflet defines, so Leaflet must be evaluated first. Only the geofence and route
// pages' maps import this module (the pages are loaded lazily), so geoman never reaches the main bundle.
import 'leaflet';
import '@geoman-io/leaflet-geoman-free';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
