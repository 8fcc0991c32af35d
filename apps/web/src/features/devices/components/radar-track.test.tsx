import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { aDevice, aPosition } from '../../../test/devices-fixtures';
import { json, stubFetch } from '../../../test/fetch-stub';
import { aServer, aUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { SessionProvider } from '../../auth/session-context';
import { RadarPanel } from './radar-panel';
import { TrackPanel } from './track-panel';

vi.mock('./device-map', () => ({
  DeviceMap: ({ label }: { label: string }) => <div data-testid="device-map">{label}</div>,
}));

const devices = [
  aDevice({ id: 1, name: 'Centre' }),
  aDevice({ id: 2, name: 'Far', status: 'offline' }),
  aDevice({ id: 3, name: 'Near' }),
  aDevice({ id: 4, name: 'Silent' }),
];
const positions = [
  aPosition({ id: 10, deviceId: 1, latitude: 0, longitude: 0 }),
  aPosition({ id: 20, deviceId: 2, latitude: 0, longitude: 0.05 }),
  aPosition({ id: 30, deviceId: 3, latitude: 0.01, longitude: 0 }),
];

function renderAt(path: string) {
  stubFetch({
    'GET /api/devices': () => json(200, devices),
    'GET /api/devices/1': () => json(200, devices[0]),
    'GET /api/positions': () => json(200, positions),
    'GET /api/server': () => json(200, aServer()),
  });
  const wrap = (node: ReactNode) => <SessionProvider user={aUser()}>{node}</SessionProvider>;
  return renderRoutes(path, [
    { path: '/radar/:deviceId', element: wrap(<RadarPanel />) },
    { path: '/radar', element: wrap(<RadarPanel />) },
    { path: '/devices/track/:id', element: wrap(<TrackPanel />) },
  ]);
}

describe('radar and track pages', () => {
  it('lists the devices around the centre device, nearest first, with distance and bearing', async () => {
    renderAt('/radar/1');
    const table = await screen.findByRole('table', { name: 'Devices by distance' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual(['Near', 'Far']);
    expect(within(rows[0] as HTMLElement).getByText('1.11 km')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('E')).toBeTruthy();
    expect(screen.getByRole('img', { name: '2 devices around Centre' })).toBeTruthy();
  });

  it('asks for a centre device on /radar', async () => {
    renderAt('/radar');
    expect(await screen.findByText('Choose the device at the centre of the radar')).toBeTruthy();
  });

  it('follows one device with its latest position', async () => {
    renderAt('/devices/track/1');
    expect(await screen.findByRole('heading', { name: 'Centre' })).toBeTruthy();
    expect(screen.getByTestId('device-map').textContent).toBe('Centre');
    expect(screen.getByTestId('position-speed').textContent).toBe('18.5 km/h');
    expect(screen.getByRole('link', { name: 'All position details' }).getAttribute('href')).toBe('/position/10');
  });
});
