import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { acceptCookies, aServer, aUser, tokens } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';

const DASHBOARD = {
  tenants: { active: 4, inactive: 1 },
  users: 17,
  devices: {
    total: 12,
    byStock: { IN_STOCK: 2, READY: 1, ASSIGNED: 8, UN_ASSIGNED: 1, DISABLED: 0 },
    byConnection: { online: 5, offline: 6, unknown: 1 },
  },
  sims: { IN_STOCK: 3, ACTIVE: 7, SUSPENDED: 1, RETIRED: 0 },
  expiringSubscriptions: [{ tenantId: 3, name: 'Harbour Taxis', expiresAt: '2026-12-10T00:00:00.000Z' }],
  overdueInvoices: { count: 2, amounts: [{ currency: 'EUR', amountCents: 12_345 }] },
  positionsPerDay: Array.from({ length: 30 }, (_, i) => ({
    day: `2026-11-${String(i + 1).padStart(2, '0')}`,
    count: i * 10,
  })),
  topTenants: [{ tenantId: 2, name: 'Fleet Co', devices: 8 }],
};

describe('the admin dashboard page', () => {
  it('shows the counts, the largest tenants and the expiring subscriptions', async () => {
    acceptCookies();
    localStorage.setItem('access_token', tokens.accessToken);
    stubFetch({
      'GET /api/server': () => json(200, aServer()),
      'GET /api/session': () =>
        json(200, aUser({ tenantId: null, permissions: ['ADMIN_ACCOUNT', 'VIEW_ADMIN_DASHBOARD'] })),
      'GET /api/v2/dashboard': () => json(200, { data: DASHBOARD }),
    });
    renderRoutes('/admin/dashboard');
    expect(await screen.findByText('Fleet Co')).toBeTruthy();
    expect(screen.getByText('Harbour Taxis')).toBeTruthy();
    expect(screen.getByText('Active tenants')).toBeTruthy();
    expect(screen.getByText('17')).toBeTruthy();
    expect(screen.getByText('Positions per day, last 30 days')).toBeTruthy();
    expect(screen.getByText(/Outstanding: €123\.45/)).toBeTruthy();
  });
});
