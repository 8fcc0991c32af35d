import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodiesOf, json, stubFetch } from '../../../test/fetch-stub';
import { acceptCookies, aServer, aUser, tokens } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';

const SIM = {
  id: 5,
  iccid: '89440000000000000014',
  msisdn: '306900000001',
  imsi: null,
  status: 'ACTIVE',
  vendorId: 2,
  vendorName: 'Cosmote',
  tenantId: null,
  dataPlan: '5 GB',
  activatedAt: '2026-01-01T00:00:00.000Z',
  expiresAt: null,
  device: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
};
const HISTORY = [
  {
    id: 2,
    at: '2026-01-02T10:00:00.000Z',
    action: 'status',
    fromStatus: 'IN_STOCK',
    toStatus: 'ACTIVE',
    deviceId: null,
    userId: 1,
    userName: 'Ada',
  },
  {
    id: 1,
    at: '2026-01-01T10:00:00.000Z',
    action: 'created',
    fromStatus: null,
    toStatus: 'IN_STOCK',
    deviceId: null,
    userId: 1,
    userName: 'Ada',
  },
];

function signedIn(permissions: string[]) {
  acceptCookies();
  localStorage.setItem('access_token', tokens.accessToken);
  return stubFetch({
    'GET /api/server': () => json(200, aServer()),
    'GET /api/session': () => json(200, aUser({ tenantId: null, permissions: permissions as never })),
    'GET /api/v2/sim/5': () => json(200, { data: SIM }),
    'GET /api/v2/sim/5/history': () => json(200, { data: HISTORY }),
    'GET /api/v2/sim': () =>
      json(200, { data: { content: [SIM], page: 0, size: 10, totalElements: 1, totalPages: 1 } }),
    'GET /api/v2/sim/stats': () => json(200, { data: { IN_STOCK: 3, ACTIVE: 1, SUSPENDED: 2, RETIRED: 0 } }),
    'GET /api/v2/sim/vendor': () => json(200, { data: [] }),
  });
}

describe('the SIM card list', () => {
  it('shows the cards with status tiles that filter the list', async () => {
    const fetchMock = signedIn(['ADMIN_ACCOUNT', 'VIEW_SIMS', 'VIEW_SIM_DETAILS']);
    renderRoutes('/admin/sims');
    expect(await screen.findByText('89440000000000000014')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import CSV' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Suspended: 2' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContainEqual(
        expect.stringMatching(/\/api\/v2\/sim\?.*status=SUSPENDED/),
      ),
    );
  });
});

describe('the SIM card details page', () => {
  it('shows the card, that it sits in no device, and its history', async () => {
    signedIn(['ADMIN_ACCOUNT', 'VIEW_SIMS', 'VIEW_SIM_DETAILS']);
    renderRoutes('/admin/sims/5/details');
    expect(await screen.findByText('No SIM card assigned to this device')).toBeTruthy();
    expect(screen.getByText('89440000000000000014')).toBeTruthy();
    expect(screen.getByText('Status changed from In stock to Active')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Put in a device' })).toBeTruthy();
  });

  it('renders nothing without VIEW_SIM_DETAILS', async () => {
    const fetchMock = signedIn(['ADMIN_ACCOUNT', 'VIEW_SIMS']);
    renderRoutes('/admin/sims/5');
    // the admin layout's navigation is there (the list page is allowed), the details page is not
    expect(await screen.findByRole('link', { name: 'SIM cards' })).toBeTruthy();
    expect(screen.queryByText('89440000000000000014')).toBeNull();
    // the page module is loaded already (previous test): given time, it would have asked for the card
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(screen.queryByText('No SIM card assigned to this device')).toBeNull();
    expect(bodiesOf(fetchMock, 'GET /api/v2/sim/5')).toEqual([]);
  });
});
