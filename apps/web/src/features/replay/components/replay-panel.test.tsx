import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatTime } from '../../../lib/format/time';
import { aDevice, aPosition } from '../../../test/devices-fixtures';
import { json, stubFetch } from '../../../test/fetch-stub';
import { aServer, aUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { SessionProvider } from '../../auth/session-context';
import { ReplayPanel } from './replay-panel';

const NOW = new Date(2026, 0, 14, 15, 30);
const devices = [aDevice({ id: 1, name: 'Van 1' }), aDevice({ id: 2, name: 'Truck 2' })];
const route = [
  aPosition({ id: 201, deviceId: 2, fixTime: '2026-01-13T08:00:00.000Z', speed: 0, latitude: 37.9, longitude: 23.7 }),
  aPosition({
    id: 202,
    deviceId: 2,
    fixTime: '2026-01-13T08:00:30.000Z',
    speed: 20,
    latitude: 37.91,
    longitude: 23.71,
  }),
  aPosition({
    id: 203,
    deviceId: 2,
    fixTime: '2026-01-13T08:01:00.000Z',
    speed: 30,
    latitude: 37.92,
    longitude: 23.72,
  }),
];

function renderReplay(path: string, positions: Parameters<typeof stubFetch>[0]['GET /api/positions']) {
  const fetchMock = stubFetch({
    'GET /api/server': () => json(200, aServer()),
    'GET /api/devices': () => json(200, devices),
    'GET /api/positions': positions,
  });
  const user = aUser({ attributes: { speedUnit: 'mph' }, coordinateFormat: 'dd' });
  const view = renderRoutes(path, [
    {
      path: '/replay',
      element: (
        <SessionProvider user={user}>
          <ReplayPanel />
        </SessionProvider>
      ),
    },
  ]);
  return { ...view, fetchMock };
}

/** The query strings GET /api/positions was called with. */
function historyRequests(fetchMock: ReturnType<typeof stubFetch>) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/positions')
    .map((url) => Object.fromEntries(url.searchParams));
}

describe('replay page', () => {
  beforeEach(() => {
    // only Date is faked: the periods are computed from a fixed "now", timers stay real
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads the points of the preselected device for the chosen period and steps through them', async () => {
    const { fetchMock } = renderReplay('/replay?deviceId=2', () => json(200, route));
    expect(await screen.findByTestId('replay-time')).toBeTruthy();
    expect(historyRequests(fetchMock)[0]).toEqual({
      deviceId: '2',
      from: new Date(2026, 0, 14).toISOString(),
      to: new Date(new Date(2026, 0, 15).getTime() - 1).toISOString(),
    });
    expect((screen.getByRole('combobox', { name: 'Device' }) as HTMLInputElement).value).toBe('Truck 2');

    // another period asks for that period's points
    fireEvent.click(screen.getByRole('combobox', { name: 'Period' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Yesterday' }));
    await waitFor(() =>
      expect(historyRequests(fetchMock).at(-1)).toEqual({
        deviceId: '2',
        from: new Date(2026, 0, 13).toISOString(),
        to: new Date(new Date(2026, 0, 14).getTime() - 1).toISOString(),
      }),
    );

    expect(await screen.findByText('Point 1 of 3')).toBeTruthy();
    expect(screen.getByTestId('replay-time').textContent).toBe(formatTime(route[0]?.fixTime ?? '', 'en'));
    expect(screen.getByTestId('replay-speed').textContent).toBe('0 mph');
    expect(screen.getByRole('link', { name: 'Position details' }).getAttribute('href')).toBe('/position/201');
    expect(screen.getByRole('region', { name: 'Route map' })).toBeTruthy();

    // the slider moves the current point
    const slider = screen.getByRole('slider', { name: 'Current point' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(screen.getByText('Point 3 of 3')).toBeTruthy();
    expect(screen.getByTestId('replay-time').textContent).toBe(formatTime(route[2]?.fixTime ?? '', 'en'));
    expect(screen.getByTestId('replay-speed').textContent).toBe('34.5 mph');
    expect(screen.getByTestId('replay-coordinates').textContent).toBe('37.920000°, 23.720000°');
    expect(screen.getByRole('link', { name: 'Position details' }).getAttribute('href')).toBe('/position/203');
  });

  it('plays the route forward and pauses', async () => {
    renderReplay('/replay?deviceId=2', () => json(200, route));
    fireEvent.click(await screen.findByRole('radio', { name: '60×' }));
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    // 30 s between fixes at 60× real time: one step every half second
    expect(await screen.findByText('Point 2 of 3', {}, { timeout: 2000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
  });

  it('asks for a device when none is chosen, then loads the picked one', async () => {
    const { fetchMock, router } = renderReplay('/replay', () => json(200, route));
    expect(await screen.findByText('Choose a device to replay its route')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Device' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('combobox', { name: 'Device' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Van 1' }));
    expect(await screen.findByTestId('replay-time')).toBeTruthy();
    expect(historyRequests(fetchMock).at(-1)?.deviceId).toBe('1');
    expect(router.state.location.search).toBe('?deviceId=1');
  });

  it('says so when the period has no positions', async () => {
    renderReplay('/replay?deviceId=2', () => json(200, []));
    expect(await screen.findByText('No positions in this period')).toBeTruthy();
    expect(screen.queryByRole('slider')).toBeNull();
  });

  it('shows the server message when the points cannot be loaded', async () => {
    renderReplay('/replay?deviceId=2', () => json(400, { message: 'Period too long' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('Failed to load positions')).toBeTruthy();
    expect(screen.getByText('Period too long')).toBeTruthy();
  });
});
