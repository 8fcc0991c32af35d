import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PermissionsProvider } from '../../features/permissions/permissions-context';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderRoutes } from '../../test/render';
import { tenantsAdminRoutes } from './tenants.routes';

const page = { content: [], page: 0, size: 12, totalElements: 0, totalPages: 0 };

function renderWith(flags: string[], path: string) {
  return renderRoutes(path, [
    ...tenantsAdminRoutes.map((route) => ({
      ...route,
      path: `/admin/${route.path}`,
      element: <PermissionsProvider permissions={flags}>{route.element}</PermissionsProvider>,
    })),
  ]);
}

describe('tenant routes', () => {
  it('show the tenants list with VIEW_TENANT or ADMIN_ACCOUNT, nothing without', { timeout: 20_000 }, async () => {
    const fetch = stubFetch({ 'GET /api/v2/tenant': () => json(200, { data: page }) });
    const first = renderWith(['VIEW_TENANT'], '/admin/tenants');
    expect(await screen.findByRole('heading', { name: 'Tenants' })).toBeTruthy();
    first.unmount();
    const second = renderWith(['ADMIN_ACCOUNT'], '/admin/tenants');
    expect(await screen.findByRole('heading', { name: 'Tenants' })).toBeTruthy();
    second.unmount();
    fetch.mockClear();
    renderWith(['VIEW_USERS'], '/admin/tenants');
    // the page module is loaded by now: without the flag it is not rendered, so nothing is asked of the API
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('heading', { name: 'Tenants' })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
