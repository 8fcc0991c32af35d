import L from 'leaflet';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aDevice, aPosition } from '../../../test/map-fixtures';
import { DeviceMarkerLayer } from './device-marker-layer';

function sizedMap(zoom: number) {
  const element = document.createElement('div');
  Object.defineProperty(element, 'clientWidth', { value: 800 });
  Object.defineProperty(element, 'clientHeight', { value: 600 });
  document.body.append(element);
  return L.map(element, { center: [20, 0], zoom, zoomAnimation: false, fadeAnimation: false });
}

const marker = (id: number) => document.querySelector<HTMLElement>(`[data-testid="device-marker-${id}"]`);

describe('DeviceMarkerLayer', () => {
  let map: L.Map | null = null;
  afterEach(() => {
    map?.remove();
    document.body.innerHTML = '';
  });

  it('draws a marker per device with status, moves it on update and selects on click', () => {
    map = sizedMap(10);
    const onSelect = vi.fn();
    const layer = new DeviceMarkerLayer(map, { onSelect, clusterLabel: (n) => `${n} devices` });
    const devices = [aDevice({ id: 1, status: 'online' }), aDevice({ id: 2, status: 'offline' })];
    layer.setData(devices, [
      aPosition({ deviceId: 1, latitude: 20, longitude: 0 }),
      aPosition({ deviceId: 2, latitude: 20.2, longitude: 0.2 }),
    ]);
    expect(marker(1)?.dataset.status).toBe('online');
    expect(marker(2)?.dataset.status).toBe('offline');
    expect(marker(1)?.innerHTML).toContain('<svg');

    layer.setData(devices, [aPosition({ deviceId: 1, latitude: 20.02, longitude: 0.03, course: 180 })]);
    expect(marker(1)?.dataset.lat).toBe('20.02');
    expect(marker(2)).toBeNull();
    marker(1)?.click();
    expect(onSelect).toHaveBeenCalledWith(1);
    layer.destroy();
  });

  it('clusters thousands of devices into count badges when zoomed out', () => {
    map = sizedMap(3);
    const layer = new DeviceMarkerLayer(map, { onSelect: vi.fn(), clusterLabel: (n) => `${n} devices` });
    const devices = Array.from({ length: 10_000 }, (_, i) => aDevice({ id: i + 1 }));
    const positions = devices.map((d, i) =>
      aPosition({ deviceId: d.id, latitude: 20 + (i % 100) / 1000, longitude: Math.floor(i / 100) / 1000 }),
    );
    layer.setData(devices, positions);
    expect(document.querySelectorAll('[data-testid^="device-marker-"]')).toHaveLength(0);
    expect(document.querySelector('[aria-label="10000 devices"]')?.textContent).toBe('10k');
    layer.destroy();
  });
});
