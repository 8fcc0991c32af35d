import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { StockDevice } from '@waymark/contracts/stock-device';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../../test/fetch-stub';
import { renderAt } from '../../../../test/render';
import { DevicesPage } from './devices-page';

const device = (over: Partial<StockDevice>): StockDevice => ({
  id: 1,
  deviceId: 1,
  name: 'Van 1',
  imei: '356938035643809',
  uniqueId: '356938035643809',
  status: 'online',
  stockStatus: 'READY',
  disabled: false,
  assigned: false,
  groupId: null,
  group: null,
  tenantId: null,
  assignedTenant: null,
  userId: null,
  user: null,
  model: { id: 1, name: 'FMB920' },
  simCard: { id: 2, iccid: '8944000000000000018', status: 'ACTIVE' },
  vendor: null,
  phone: null,
  expirationTime: null,
  lastUpdate: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

const page = (content: StockDevice[]) => ({
  data: { content, page: 0, size: 10, totalElements: content.length, totalPages: 1 },
});

afterEach(() => vi.unstubAllGlobals());

describe('/admin/devices', () => {
  it('shows the six counts and filters the list by the tile clicked', async () => {
    const fetchMock = stubFetch({
      'GET /api/v2/device/stats': () =>
        json(200, { data: { TOTAL: 12, IN_STOCK: 3, READY: 4, ASSIGNED: 2, UN_ASSIGNED: 2, DISABLED: 1 } }),
      'GET /api/v2/device': () => json(200, page([device({})])),
    });
    renderAt('/admin/devices', <DevicesPage />);
    const ready = await screen.findByRole('button', { name: 'Ready: 4' });
    expect(screen.getByRole('button', { name: 'Total: 12' }).getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByText('Van 1')).toBeTruthy();
    expect(screen.getAllByText('Online').some((el) => el.closest('td'))).toBe(true);

    fireEvent.click(ready);
    await waitFor(() => {
      const urls = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
      const lists = urls.filter((u) => u.pathname === '/api/v2/device');
      expect(lists.at(-1)?.searchParams.get('status')).toBe('READY');
      expect(lists.at(-1)?.searchParams.get('page')).toBe('0');
    });
    expect(ready.getAttribute('aria-pressed')).toBe('true');
  });

  it('offers group and user only to devices in a tenant, and remove-user only to a device with a user', async () => {
    stubFetch({
      'GET /api/v2/device/stats': () =>
        json(200, { data: { TOTAL: 1, IN_STOCK: 0, READY: 1, ASSIGNED: 0, UN_ASSIGNED: 0, DISABLED: 0 } }),
      'GET /api/v2/device': () => json(200, page([device({})])),
    });
    renderAt('/admin/devices', <DevicesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Van 1' }));
    const item = async (name: string) => (await screen.findByRole('menuitem', { name })) as HTMLButtonElement;
    expect((await item('Assign to group')).disabled).toBe(true);
    expect((await item('Assign or move to user')).disabled).toBe(true);
    expect((await item('Remove from current user')).disabled).toBe(true);
    expect((await item('Assign or move to tenant')).disabled).toBe(false);
  });
});
