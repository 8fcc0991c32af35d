import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DeviceLogItem } from '@waymark/contracts/device-log';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveProvider } from '../../../live/live-provider';
import { aDevice } from '../../../test/devices-fixtures';
import { FakeSocket } from '../../../test/fake-socket';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render';
import { deviceLogDays } from '../device-log-days';
import { DeviceLogPanel } from './device-log-panel';

const devices = [aDevice({ id: 1, name: 'Van 1', uniqueId: '352887071911998' }), aDevice({ id: 2, name: 'Truck 2' })];
const today = new Date().toISOString().slice(0, 10);

const item = (patch: Partial<DeviceLogItem>): DeviceLogItem => ({
  id: '1764240000000-0',
  deviceId: 1,
  time: `${today}T08:15:30.125Z`,
  direction: 'in',
  protocol: 'gt06',
  transport: 'tcp',
  remoteAddress: '10.1.2.3:40000',
  uniqueId: '352887071911998',
  encoding: 'hex',
  data: '78780d01035288707191199800017fff0d0a',
  size: 18,
  ...patch,
});

function mount(path: string, log = vi.fn(() => json(200, { data: { date: today, entries: [], next: null } }))) {
  const fetchMock = stubFetch({
    'GET /api/devices': () => json(200, devices),
    'GET /api/v2/devices/1/log': log,
    'GET /api/v2/devices/1/log/file': () =>
      new Response('# log\n', {
        status: 200,
        headers: { 'content-type': 'text/plain', 'content-disposition': 'attachment; filename="device-log-x.log"' },
      }),
  });
  const view = renderRoutes(path, [
    {
      path: '/report/logs',
      element: (
        <LiveProvider createSocket={FakeSocket.create}>
          <DeviceLogPanel />
        </LiveProvider>
      ),
    },
  ]);
  return { ...view, fetchMock, log };
}

describe('data report (device log) page', () => {
  beforeEach(() => {
    FakeSocket.opened = [];
    localStorage.setItem('access_token', 'token');
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows the device's frames of the UTC day in a table, with their UTC time and monospace data", async () => {
    const log = vi.fn(() =>
      json(200, {
        data: {
          date: today,
          entries: [item({}), item({ id: '1764240000000-1', direction: 'out', data: 'OK\r\n', encoding: 'text' })],
          next: null,
        },
      }),
    );
    mount('/report/logs?deviceId=1', log);
    const table = await screen.findByRole('table', { name: 'Messages' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]?.textContent).toContain(`${today} 08:15:30.125`);
    expect(rows[1]?.textContent).toContain('Received');
    expect(
      within(rows[1] as HTMLElement)
        .getByText(item({}).data)
        .getAttribute('data-encoding'),
    ).toBe('hex');
    expect(rows[2]?.textContent).toContain('Sent');
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('asks for the chosen day and says so when it has nothing', async () => {
    const { fetchMock } = mount('/report/logs?deviceId=1');
    expect(await screen.findByText(`No message of this device on ${today} (UTC)`)).toBeTruthy();
    const asked = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((u) => u.pathname === '/api/v2/devices/1/log');
    expect(asked[0]?.searchParams.get('date')).toBe(today);
  });

  it('downloads the day as a file', async () => {
    const { fetchMock } = mount('/report/logs?deviceId=1');
    const createObjectURL = vi.fn(() => 'blob:log');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    fireEvent.click(await screen.findByRole('button', { name: 'Download' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const file = fetchMock.mock.calls.find(([input]) => String(input).includes('/log/file'));
    expect(String(file?.[0])).toBe(`/api/v2/devices/1/log/file?date=${today}`);
  });

  it('asks the socket for the live log while Live is on and shows what arrives for the device', async () => {
    mount('/report/logs?deviceId=1');
    const socket = FakeSocket.latest();
    act(() => socket.open());
    fireEvent.click(await screen.findByRole('switch', { name: 'Live' }));
    expect(socket.sent).toEqual([JSON.stringify({ logs: true })]);
    expect(await screen.findByText('Waiting for messages…')).toBeTruthy();
    act(() =>
      socket.send({
        logs: [item({ data: 'live-frame-of-van' }), item({ deviceId: 2, uniqueId: 'other', data: 'not-this-one' })],
      }),
    );
    expect(await screen.findByText('live-frame-of-van')).toBeTruthy();
    expect(screen.queryByText('not-this-one')).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Live' }));
    expect(socket.sent).toEqual([JSON.stringify({ logs: true }), JSON.stringify({ logs: false })]);
  });
});

describe('deviceLogDays', () => {
  it('offers today and yesterday (UTC): the 24-hour window reaches into yesterday', () => {
    expect(deviceLogDays(Date.parse('2026-11-27T10:00:00Z'))).toEqual(['2026-11-27', '2026-11-26']);
  });
});
