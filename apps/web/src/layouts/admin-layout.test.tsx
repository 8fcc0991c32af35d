import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../test/fetch-stub';
import { acceptCookies, aServer, aUser } from '../test/fixtures';
import { renderRoutes } from '../test/render';

const signedIn = (permissions: string[]) => {
  acceptCookies();
  localStorage.setItem('access_token', 'token');
  stubFetch({
    'GET /api/server': () => json(200, aServer()),
    'GET /api/session': () => json(200, aUser({ name: 'Ada', permissions: permissions as never })),
  });
};

describe('the admin layout', () => {
  it('opens /admin on the tenants page with the admin navigation, for holders of VIEW_TENANT', async () => {
    signedIn(['VIEW_TENANT', 'VIEW_DEVICES']);
    const { router } = renderRoutes('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Administration navigation' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/tenants'));
    expect(nav.textContent).toContain('Tenants');
    expect(nav.textContent).toContain('Device stock');
    // its label comes from the admin area's lazily loaded texts
    expect(nav.textContent).toContain('Forwarding');
    // entries whose flag the user lacks are not offered
    expect(nav.textContent).not.toContain('Roles');
    expect(nav.textContent).not.toContain('Billing notifications');
  });

  it('renders nothing of the admin area without ADMIN_ACCOUNT or VIEW_TENANT', async () => {
    signedIn(['VIEW_DEVICES', 'VIEW_ROLES']);
    renderRoutes('/admin/roles');
    await waitFor(() => expect(document.body.textContent).not.toBe(''));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('navigation', { name: 'Administration navigation' })).toBeNull();
  });

  it('offers the administration entry in the main navigation only to those who may enter', async () => {
    signedIn(['ADMIN_ACCOUNT']);
    renderRoutes('/home');
    expect(await screen.findByRole('link', { name: 'Administration' })).toBeTruthy();
  });
});
