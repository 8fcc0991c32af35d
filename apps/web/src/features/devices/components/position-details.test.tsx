import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aDevice, aPosition } from '../../../test/devices-fixtures';
import { json, stubFetch } from '../../../test/fetch-stub';
import { aServer, aUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { SessionProvider } from '../../auth/session-context';
import { NetworkDetails } from './network-details';
import { PositionDetails } from './position-details';

const position = aPosition({
  id: 55,
  speed: 10,
  attributes: { totalDistance: 12_345, ignition: true },
  network: {
    radioType: 'lte',
    considerIp: false,
    cellTowers: [
      { mobileCountryCode: 202, mobileNetworkCode: 5, locationAreaCode: 1200, cellId: 98765, signalStrength: -70 },
    ],
    wifiAccessPoints: [{ macAddress: 'aa:bb:cc:dd:ee:ff', signalStrength: -50, channel: 6 }],
  },
});

function renderAtPath(path: string) {
  const user = aUser({ attributes: { speedUnit: 'mph', distanceUnit: 'mi' }, coordinateFormat: 'ddm' });
  return renderRoutes(path, [
    {
      path: '/position/:id',
      element: (
        <SessionProvider user={user}>
          <PositionDetails />
        </SessionProvider>
      ),
    },
    {
      path: '/network/:id',
      element: (
        <SessionProvider user={user}>
          <NetworkDetails />
        </SessionProvider>
      ),
    },
  ]);
}

describe('position and network pages', () => {
  it('shows a position in the user units and formats, with its attributes', async () => {
    stubFetch({
      'GET /api/positions': () => json(200, [position]),
      'GET /api/devices/1': () => json(200, aDevice()),
      'GET /api/server': () => json(200, aServer()),
    });
    renderAtPath('/position/55');
    expect(await screen.findByText('11.5 mph')).toBeTruthy();
    expect(screen.getByText('37° 58.500′ N, 23° 44.100′ E')).toBeTruthy();
    expect(screen.getByText('7.67 mi')).toBeTruthy();
    expect(screen.getByText('ignition')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Van 1' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '1 cell towers, 1 Wi-Fi access points' }).getAttribute('href')).toBe(
      '/network/55',
    );
  });

  it('lists the cell towers and Wi-Fi access points of a position', async () => {
    stubFetch({ 'GET /api/positions': () => json(200, [position]) });
    renderAtPath('/network/55');
    expect(await screen.findByText('98765')).toBeTruthy();
    expect(screen.getByText('-70 dBm')).toBeTruthy();
    expect(screen.getByText('aa:bb:cc:dd:ee:ff')).toBeTruthy();
  });

  it('shows the error of a position that is not visible', async () => {
    stubFetch({ 'GET /api/positions': () => json(200, []), 'GET /api/server': () => json(200, aServer()) });
    renderAtPath('/position/999');
    expect(await screen.findByText('Not found')).toBeTruthy();
  });
});
