import type { Device, Position } from '@waymark/contracts/device';
import L from 'leaflet';
import Supercluster, { type ClusterProperties, type PointFeature } from 'supercluster';
import { clusterIcon, deviceIcon } from './device-icon';

interface PointProps {
  deviceId: number;
}

export interface MarkerLayerOptions {
  onSelect: (deviceId: number) => void;
  /** Accessible name of a cluster badge, e.g. "12 devices". */
  clusterLabel: (count: number) => string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Device markers drawn imperatively (no React component per marker): the positions go into one supercluster
 * index per update, and only the markers and cluster badges inside the view are kept on the map, reused
 * between updates. Copes with 10,000 devices.
 */
export class DeviceMarkerLayer {
  private readonly group = L.layerGroup();
  private readonly markers = new Map<number, L.Marker>();
  private readonly clusters = new Map<string, L.Marker>();
  private index = new Supercluster<PointProps, Record<string, never>>({ radius: 60, maxZoom: 16 });
  private devices = new Map<number, Device>();
  private positions = new Map<number, Position>();
  private selectedId: number | null = null;
  private readonly rerender = () => this.render();

  constructor(
    private readonly map: L.Map,
    private readonly options: MarkerLayerOptions,
  ) {
    this.group.addTo(map);
    map.on('moveend zoomend', this.rerender);
  }

  /** Replaces the data (devices and their latest positions) and redraws the view. */
  setData(devices: readonly Device[], positions: readonly Position[]): void {
    this.devices = new Map(devices.map((d) => [d.id, d]));
    this.positions = new Map();
    const points: PointFeature<PointProps>[] = [];
    for (const p of positions) {
      if (!this.devices.has(p.deviceId)) continue;
      this.positions.set(p.deviceId, p);
      points.push({
        type: 'Feature',
        properties: { deviceId: p.deviceId },
        geometry: { type: 'Point', coordinates: [p.longitude, p.latitude] },
      });
    }
    this.index = new Supercluster<PointProps, Record<string, never>>({ radius: 60, maxZoom: 16 });
    this.index.load(points);
    this.render();
  }

  setSelected(id: number | null): void {
    this.selectedId = id;
    this.render();
  }

  destroy(): void {
    this.map.off('moveend zoomend', this.rerender);
    this.group.remove();
    this.markers.clear();
    this.clusters.clear();
  }

  private render(): void {
    const bounds = this.map.getBounds().pad(0.2);
    const bbox: [number, number, number, number] = [
      Math.max(-180, bounds.getWest()),
      Math.max(-85, bounds.getSouth()),
      Math.min(180, bounds.getEast()),
      Math.min(85, bounds.getNorth()),
    ];
    const zoom = Math.round(this.map.getZoom());
    const wanted = new Set<number>();
    const wantedClusters = new Set<string>();
    for (const feature of this.index.getClusters(bbox, zoom)) {
      const [lon, lat] = feature.geometry.coordinates as [number, number];
      const props = feature.properties as Partial<ClusterProperties> & Partial<PointProps>;
      if (props.cluster && props.cluster_id !== undefined) {
        // Cluster ids are only unique within one index build: key by id and count.
        const key = `${props.cluster_id}:${props.point_count ?? 0}`;
        wantedClusters.add(key);
        this.drawCluster(key, props.cluster_id, props.point_count ?? 0, lat, lon);
      } else if (props.deviceId !== undefined) {
        wanted.add(props.deviceId);
        this.drawDevice(props.deviceId);
      }
    }
    for (const [id, marker] of this.markers) {
      if (!wanted.has(id)) {
        this.group.removeLayer(marker);
        this.markers.delete(id);
      }
    }
    for (const [id, marker] of this.clusters) {
      if (!wantedClusters.has(id)) {
        this.group.removeLayer(marker);
        this.clusters.delete(id);
      }
    }
  }

  private drawDevice(id: number): void {
    const device = this.devices.get(id);
    const position = this.positions.get(id);
    if (!device || !position) return;
    const icon = deviceIcon(device.category, device.status, position.course, id === this.selectedId);
    let marker = this.markers.get(id);
    if (!marker) {
      marker = L.marker([position.latitude, position.longitude], {
        icon,
        title: device.name,
        alt: device.name,
        keyboard: true,
        zIndexOffset: id === this.selectedId ? 1000 : 0,
      });
      marker.on('click keypress', () => this.options.onSelect(id));
      marker.addTo(this.group);
      this.markers.set(id, marker);
    } else {
      const at = marker.getLatLng();
      if (at.lat !== position.latitude || at.lng !== position.longitude) {
        marker.setLatLng([position.latitude, position.longitude]);
      }
      if (marker.options.icon !== icon) marker.setIcon(icon);
      marker.setZIndexOffset(id === this.selectedId ? 1000 : 0);
    }
    const element = marker.getElement();
    if (element) {
      element.dataset.testid = `device-marker-${id}`;
      element.dataset.lat = String(position.latitude);
      element.dataset.lon = String(position.longitude);
      element.dataset.status = device.status;
    }
  }

  private drawCluster(key: string, clusterId: number, count: number, lat: number, lon: number): void {
    const existing = this.clusters.get(key);
    if (existing) {
      existing.setLatLng([lat, lon]);
      return;
    }
    const marker = L.marker([lat, lon], {
      icon: clusterIcon(count, escapeHtml(this.options.clusterLabel(count))),
      keyboard: true,
    });
    marker.on('click keypress', () => {
      let zoom = this.map.getZoom() + 2;
      try {
        zoom = this.index.getClusterExpansionZoom(clusterId);
      } catch {
        // the index was rebuilt since: zoom in by two
      }
      this.map.flyTo(marker.getLatLng(), Math.min(zoom, 18));
    });
    marker.addTo(this.group);
    this.clusters.set(key, marker);
  }
}
