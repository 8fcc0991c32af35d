import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatTime } from '../../../lib/format/time';
import { json } from '../../../test/fetch-stub';
import { renderReport, requestsTo } from '../../../test/reports-fixtures';
import { truckRoute, vanRoute } from '../replay.fixtures';
import { ReplayPanel } from './replay-panel';

const NOW = new Date(2026, 0, 14, 15, 30);
type Handler = Parameters<typeof renderReport>[4];

function renderReplay(path: string, handlers: Handler = {}, permissions: string[] = ['VIEW_REPLAYS']) {
  return renderReport(path, '/replay', <ReplayPanel />, permissions, handlers);
}

const rows = () => screen.getAllByTestId('replay-device');
const cell = (row: HTMLElement | undefined, id: string) => within(row as HTMLElement).getByTestId(id).textContent;

describe('replay page', () => {
  beforeEach(() => {
    // only Date is faked: the periods are computed from a fixed "now", timers stay real
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads the route of the preselected device for the chosen period and steps through it', async () => {
    const { fetchMock } = renderReplay('/replay?deviceId=2', { 'GET /api/reports/route': () => json(200, truckRoute) });
    expect(await screen.findByTestId('replay-time')).toBeTruthy();
    expect(Object.fromEntries(requestsTo(fetchMock, '/api/reports/route')[0] ?? [])).toEqual({
      deviceId: '2',
      from: new Date(2026, 0, 14).toISOString(),
      to: new Date(new Date(2026, 0, 15).getTime() - 1).toISOString(),
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    // the URL's device is the picker's one pill
    const picked = screen.getByRole('combobox', { name: 'Devices' }).closest('.mantine-MultiSelect-root');
    expect([...(picked?.querySelectorAll('.mantine-Pill-label') ?? [])].map((pill) => pill.textContent)).toEqual([
      'Truck 2',
    ]);

    // another period asks for that period's route
    fireEvent.click(screen.getByRole('combobox', { name: 'Period' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Yesterday' }));
    await waitFor(() =>
      expect(Object.fromEntries(requestsTo(fetchMock, '/api/reports/route').at(-1) ?? [])).toEqual({
        deviceId: '2',
        from: new Date(2026, 0, 13).toISOString(),
        to: new Date(new Date(2026, 0, 14).getTime() - 1).toISOString(),
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      }),
    );

    expect(await screen.findByText('Step 1 of 3')).toBeTruthy();
    expect(screen.getByTestId('replay-time').textContent).toBe(formatTime(truckRoute[0]?.fixTime ?? '', 'en'));
    expect(cell(rows()[0], 'replay-speed')).toBe('0 km/h');
    expect(screen.getByRole('link', { name: 'Position details' }).getAttribute('href')).toBe('/position/201');
    expect(screen.getByRole('region', { name: 'Route map' })).toBeTruthy();

    // the slider moves the current point
    const slider = screen.getByRole('slider', { name: 'Current point' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(screen.getByText('Step 3 of 3')).toBeTruthy();
    expect(screen.getByTestId('replay-time').textContent).toBe(formatTime(truckRoute[2]?.fixTime ?? '', 'en'));
    expect(cell(rows()[0], 'replay-speed')).toBe('55.6 km/h');
    expect(cell(rows()[0], 'replay-coordinates')).toBe('37.920000°, 23.720000°');
    expect(screen.getByRole('link', { name: 'Position details' }).getAttribute('href')).toBe('/position/203');
  });

  it('plays the route forward and pauses', async () => {
    renderReplay('/replay?deviceId=2', { 'GET /api/reports/route': () => json(200, truckRoute) });
    fireEvent.click(await screen.findByRole('radio', { name: '60×' }));
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    // 30 s between fixes at 60× real time: one step every half second
    expect(await screen.findByText('Step 2 of 3', {}, { timeout: 2000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
  });

  it('replays several devices on one timeline, each at its latest fix, with a legend', async () => {
    const { fetchMock } = renderReplay('/replay?deviceId=2&deviceId=1', {
      // the API sends the route device after device
      'GET /api/reports/route': () => json(200, [...truckRoute, ...vanRoute]),
    });
    expect(await screen.findByText('Step 1 of 4')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/reports/route')[0]?.getAll('deviceId')).toEqual(['2', '1']);
    // the legend lists the devices by id, each with its colour; the van has no fix yet at 08:00
    expect(rows().map((row) => cell(row, 'replay-device-name'))).toEqual(['Van 1', 'Truck 2']);
    const swatches = rows().map((row) => (within(row).getByTestId('replay-swatch') as HTMLElement).style.background);
    expect(new Set(swatches).size).toBe(2);
    expect(within(rows()[0] as HTMLElement).getByText('No position yet at this time')).toBeTruthy();
    expect(cell(rows()[1], 'replay-speed')).toBe('0 km/h');

    // 08:00:30: both moved; 08:01:00: the van stays at its 08:00:30 fix; 08:02:00: the truck at its last
    const slider = screen.getByRole('slider', { name: 'Current point' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(cell(rows()[0], 'replay-speed')).toBe('18.5 km/h');
    expect(cell(rows()[1], 'replay-speed')).toBe('37 km/h');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(cell(rows()[0], 'replay-fix-time')).toBe(formatTime(vanRoute[0]?.fixTime ?? '', 'en'));
    expect(cell(rows()[1], 'replay-fix-time')).toBe(formatTime(truckRoute[2]?.fixTime ?? '', 'en'));
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(screen.getByText('Step 4 of 4')).toBeTruthy();
    expect(cell(rows()[0], 'replay-speed')).toBe('9.3 km/h');
    expect(cell(rows()[1], 'replay-fix-time')).toBe(formatTime(truckRoute[2]?.fixTime ?? '', 'en'));
    // every track drawn: two faint whole routes, two played parts, two markers
    const map = screen.getByTestId('replay-map');
    expect(map.querySelectorAll('path.leaflet-interactive')).toHaveLength(6);
  });

  it('asks for devices when none is chosen, then keeps the picked devices and group in the URL', async () => {
    const { fetchMock, router } = renderReplay('/replay', {
      'GET /api/reports/route': () => json(200, [...truckRoute, ...vanRoute]),
    });
    expect(await screen.findByText('Choose devices or a group to replay their routes')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Devices' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('combobox', { name: 'Devices' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Van 1' }));
    expect(await screen.findByTestId('replay-time')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/reports/route').at(-1)?.getAll('deviceId')).toEqual(['1']);
    expect(router.state.location.search).toBe('?deviceId=1');

    fireEvent.click(screen.getByRole('combobox', { name: 'Groups' }));
    fireEvent.click(await screen.findByRole('option', { name: 'North fleet' }));
    await waitFor(() => expect(router.state.location.search).toBe('?deviceId=1&groupId=5'));
    const last = requestsTo(fetchMock, '/api/reports/route').at(-1);
    expect([last?.getAll('deviceId'), last?.getAll('groupId')]).toEqual([['1'], ['5']]);
  });

  it('says so when the period has no positions', async () => {
    renderReplay('/replay?deviceId=2', { 'GET /api/reports/route': () => json(200, []) });
    expect(await screen.findByText('No positions in this period')).toBeTruthy();
    expect(screen.queryByRole('slider')).toBeNull();
  });

  it('warns when the API cut the route at its row limit', async () => {
    renderReplay('/replay?groupId=5', {
      'GET /api/reports/route': () => json(200, truckRoute, { 'x-truncated': 'true' }),
    });
    expect(await screen.findByText(/Only the first 100000 positions/)).toBeTruthy();
  });

  it('shows the server message when the route cannot be loaded', async () => {
    renderReplay('/replay?deviceId=2', { 'GET /api/reports/route': () => json(400, { message: 'Period too long' }) });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('Failed to load positions')).toBeTruthy();
    expect(screen.getByText('Period too long')).toBeTruthy();
  });
});
