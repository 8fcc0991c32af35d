import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aDevice, aPosition } from '../../../test/devices-fixtures';
import { json, stubFetch } from '../../../test/fetch-stub';
import { aServer } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { applyShareFrame } from '../shared-device';
import { SharedDeviceView } from './shared-device-view';

vi.mock('./device-map', () => ({
  DeviceMap: ({ label }: { label: string }) => <div data-testid="device-map">{label}</div>,
}));

const publicDevice = {
  id: 1,
  name: 'Rex',
  status: 'online',
  lastUpdate: null,
  positionId: 100,
  category: 'animal',
  model: null,
};
const shared = {
  groupId: null,
  devices: [publicDevice],
  positions: [aPosition({ speed: 10 })],
  expiresAt: '2099-01-01T00:00:00.000Z',
};

class FakeSocket {
  static last: FakeSocket | null = null;
  url: string;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(url: string) {
    this.url = url;
    FakeSocket.last = this;
  }
  close() {}
}

function renderShare() {
  return renderRoutes('/devices/share/abc', [{ path: '/devices/share/:id', element: <SharedDeviceView /> }]);
}

afterEach(() => {
  FakeSocket.last = null;
});

describe('SharedDeviceView', () => {
  it('shows the device, its position in the server units and follows the share socket', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    stubFetch({
      'GET /api/share/abc': () => json(200, shared),
      'GET /api/server': () => json(200, aServer({ attributes: { speedUnit: 'kn' } })),
    });
    renderShare();
    expect(await screen.findByRole('heading', { name: 'Rex' })).toBeTruthy();
    expect(screen.getByText('Online')).toBeTruthy();
    expect(await screen.findByText('10 kn')).toBeTruthy();
    expect(FakeSocket.last?.url).toMatch(/\/api\/socket\?share=abc$/);

    act(() =>
      FakeSocket.last?.onmessage?.({ data: JSON.stringify({ positions: [aPosition({ id: 101, speed: 20 })] }) }),
    );
    expect(await screen.findByText('20 kn')).toBeTruthy();

    act(() => FakeSocket.last?.onclose?.({ code: 4001 }));
    expect(await screen.findByTestId('share-expired')).toBeTruthy();
  });

  it('says the link expired when the API answers 404', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    stubFetch({ 'GET /api/share/abc': () => json(404, { message: 'Not found' }) });
    renderShare();
    expect(await screen.findByText('This share link has expired or was revoked.')).toBeTruthy();
    expect(FakeSocket.last).toBeNull();
  });

  it('applies only frames of the shared device', () => {
    const current = { ...shared, devices: [{ ...publicDevice, status: 'online' as const }] };
    expect(applyShareFrame(current, { positions: [aPosition({ deviceId: 9 })] })).toBe(current);
    const offline = applyShareFrame(current, { devices: [{ ...aDevice({ id: 1, name: 'Rex' }), status: 'offline' }] });
    expect(offline.devices[0]?.status).toBe('offline');
    expect(offline.devices[0]).not.toHaveProperty('uniqueId');
  });

  it('shows every device of a shared group and follows each one’s positions', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const van = { ...publicDevice, id: 2, name: 'Van', category: 'van', positionId: 200 };
    stubFetch({
      'GET /api/share/abc': () =>
        json(200, {
          ...shared,
          groupId: 5,
          devices: [publicDevice, van],
          positions: [aPosition({ deviceId: 1, speed: 10 })],
        }),
      'GET /api/server': () => json(200, aServer({ attributes: { speedUnit: 'kn' } })),
    });
    renderShare();
    expect(await screen.findByRole('heading', { name: 'Devices' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Rex' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Van' })).toBeTruthy();
    expect(screen.getAllByTestId('shared-device')).toHaveLength(2);
    expect(await screen.findByText('10 kn')).toBeTruthy();
    act(() =>
      FakeSocket.last?.onmessage?.({
        data: JSON.stringify({ positions: [aPosition({ id: 201, deviceId: 2, speed: 30 })] }),
      }),
    );
    expect(await screen.findByText('30 kn')).toBeTruthy();
    expect(screen.getByText('10 kn')).toBeTruthy();
    expect(screen.getAllByTestId('device-map').map((m) => m.textContent)).toEqual(['Rex', 'Van']);
  });

  it('is reachable through the app routes without a session', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const fetchMock = stubFetch({ 'GET /api/share/abc': () => json(404, { message: 'Not found' }) });
    renderRoutes('/devices/share/abc');
    expect(await screen.findByTestId('share-expired')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/session'))).toBe(false);
  });
});
