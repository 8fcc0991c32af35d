import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Device } from '@waymark/contracts/device';
import { beforeAll, describe, expect, it } from 'vitest';
import { HomePage } from '../../../pages/home-page';
import { json, stubFetch } from '../../../test/fetch-stub';
import { aServer, aUser } from '../../../test/fixtures';
import { aDevice, aPosition } from '../../../test/map-fixtures';
import { renderAt } from '../../../test/render';
import { SessionProvider } from '../../auth/session-context';

const device = (id: number, name: string, status: Device['status']) => aDevice({ id, name, status });
const position = (deviceId: number, latitude: number, longitude: number, speed: number) =>
  aPosition({
    deviceId,
    latitude,
    longitude,
    speed,
    course: 90,
    address: 'Syntagma Square, Athens',
    attributes: { ignition: true, batteryLevel: 80, driverUniqueId: 'D-42' },
  });

function renderHome(api: Parameters<typeof stubFetch>[0], permissions: string[] = []) {
  stubFetch({ 'GET /api/server': () => json(200, aServer()), ...api });
  const user = aUser({
    coordinateFormat: 'ddm',
    latitude: 20,
    longitude: 0,
    zoom: 3,
    attributes: { speedUnit: 'mph' },
    permissions: permissions as never,
  });
  return renderAt(
    '/home',
    <SessionProvider user={user}>
      <HomePage />
    </SessionProvider>,
  );
}

// The home page loads its map lazily. Loaded here first, so that a test which ends before the map shows does not
// leave Leaflet to be evaluated after the test environment (and its window) is gone.
beforeAll(async () => {
  await import('./live-map');
});

describe('home map', () => {
  const api = {
    'GET /api/devices': () =>
      json(200, [device(1, 'Van 1', 'online'), device(2, 'Truck 2', 'offline'), device(3, 'Bike 3', 'unknown')]),
    'GET /api/positions': () => json(200, [position(1, 20, 0, 10), position(2, 37.5, 23.5, 0)]),
  };

  it('lists devices and filters them by search and status', async () => {
    renderHome(api);
    const list = await screen.findByRole('list', { name: 'Devices' });
    expect(within(list).getAllByRole('button')).toHaveLength(3);

    fireEvent.click(screen.getByRole('radio', { name: 'Offline' }));
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Truck 2Offline']);

    fireEvent.click(screen.getByRole('radio', { name: 'All' }));
    fireEvent.change(screen.getByLabelText('Search devices'), { target: { value: 'bike' } });
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(1));
    fireEvent.change(screen.getByLabelText('Search devices'), { target: { value: 'nothing' } });
    expect(await screen.findByText('No device matches the search.')).toBeTruthy();
  });

  it('shows the selected device in the user units and coordinate format, with its actions', async () => {
    renderHome(api, ['VIEW_REPLAYS', 'SEND_COMMAND', 'VIEW_GEOFENCES']);
    fireEvent.click(await screen.findByTestId('device-row-1'));
    const card = await screen.findByRole('region', { name: 'Status of Van 1' });
    expect(within(card).getByText('11.5 mph')).toBeTruthy();
    expect(within(card).getByText('20° 0.000′ N, 0° 0.000′ E')).toBeTruthy();
    expect(within(card).getByText('Syntagma Square, Athens')).toBeTruthy();
    expect(within(card).getByText('On')).toBeTruthy();
    expect(within(card).getByText('80 %')).toBeTruthy();
    expect(within(card).getByText('D-42')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Replay' }).getAttribute('href')).toBe('/replay?deviceId=1');
    expect(within(card).getByRole('link', { name: 'Command' }).getAttribute('href')).toBe('/command?deviceId=1');
    expect(within(card).getByRole('link', { name: 'Geofence here' }).getAttribute('href')).toBe(
      '/geofence?lat=20&lon=0',
    );
    expect(within(card).queryByRole('button', { name: 'Share' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Close the status card' }));
    expect(screen.queryByRole('region', { name: 'Status of Van 1' })).toBeNull();
  });

  it('shows empty and error states', async () => {
    renderHome({ 'GET /api/devices': () => json(200, []), 'GET /api/positions': () => json(200, []) });
    expect(await screen.findByText('No devices yet.')).toBeTruthy();
    // a user who may not add devices is not offered the first-run path
    expect(screen.queryByTestId('onboarding-offer')).toBeNull();
  });

  it('offers the first-run path to a user who sees no device and may add one', async () => {
    const api = { 'GET /api/devices': () => json(200, []), 'GET /api/positions': () => json(200, []) };
    renderHome(api, ['VIEW_DEVICES', 'VIEW_DEVICE_DETAILS']);
    const offer = await screen.findByTestId('onboarding-offer');
    expect(within(offer).getByRole('link', { name: 'Add your first device' }).getAttribute('href')).toBe('/onboarding');
  });

  it('shows the load error with the server message and retries', async () => {
    renderHome({
      'GET /api/devices': [
        () => json(500, { message: 'Database down' }),
        () => json(200, [device(1, 'Van 1', 'online')]),
      ],
      'GET /api/positions': () => json(200, []),
    });
    expect(await screen.findByText('Failed to load devices')).toBeTruthy();
    expect(screen.getByText('Database down')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('device-row-1')).toBeTruthy();
  });
});
