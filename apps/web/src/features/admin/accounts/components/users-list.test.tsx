import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserRow } from '@waymark/contracts/user-admin';
import { describe, expect, it, vi } from 'vitest';
import { bodiesOf, json, stubFetch } from '../../../../test/fetch-stub';
import { aUser } from '../../../../test/fixtures';
import { renderAt } from '../../../../test/render';
import { SessionProvider } from '../../../auth/session-context';
import { tenantRow } from '../../tenants/tenant-fixtures';
import { reloadAt } from './reload';
import { UsersList } from './users-list';

vi.mock('./reload', () => ({ reloadAt: vi.fn() }));

const page = (content: UserRow[]) => ({
  data: { content, page: 0, size: 10, totalElements: content.length, totalPages: 1 },
});

function stub() {
  const nora = aUser({ id: 9, name: 'Nora Driver', email: 'nora@example.test', tenantId: 2, roleId: 7 });
  const staff = aUser({ id: 3, name: 'Sam Staff', tenantId: null, administrator: true });
  return stubFetch({
    'GET /api/v2/user': () =>
      json(
        200,
        page([
          { ...nora, tenant: { id: 2, name: 'Acme Haulage' } },
          { ...staff, tenant: null },
        ]),
      ),
    'GET /api/v2/tenant': () =>
      json(200, {
        data: {
          content: [tenantRow({ id: 2, name: 'Acme Haulage' })],
          page: 0,
          size: 20,
          totalElements: 1,
          totalPages: 1,
        },
      }),
    'GET /api/v2/role': () =>
      json(200, {
        data: [
          {
            id: 7,
            name: 'Dispatcher',
            description: null,
            tenantId: 2,
            system: false,
            permissions: [],
            createdAt: '2025-01-01T00:00:00.000Z',
          },
        ],
      }),
    'POST /api/v2/user/9/disable': () => json(200, { data: { ...nora, disabled: true } }),
    'POST /api/v2/user/9/impersonate': () =>
      json(200, {
        data: { user: nora, accessToken: 'nora-token', accessTokenExpiresAt: '2030-01-01T00:00:00Z' },
      }),
  });
}

const admin = aUser({
  id: 1,
  tenantId: null,
  administrator: true,
  permissions: ['ADMIN_ACCOUNT', 'VIEW_USERS', 'VIEW_ROLES'],
});

describe('UsersList', { timeout: 20_000 }, () => {
  it('asks for page 0 of 10 users and shows tenant and role names', async () => {
    const fetchMock = stub();
    renderAt(
      '/admin/users',
      <SessionProvider user={admin}>
        <UsersList />
      </SessionProvider>,
    );
    expect(await screen.findByRole('cell', { name: 'Acme Haulage' })).toBeTruthy();
    expect(await screen.findByRole('cell', { name: 'Dispatcher' })).toBeTruthy();
    const listCall = fetchMock.mock.calls.find(
      ([input]) => new URL(String(input), 'http://x').pathname === '/api/v2/user',
    );
    const query = new URL(String(listCall?.[0]), 'http://x').searchParams;
    expect(query.get('page')).toBe('0');
    expect(query.get('size')).toBe('10');
    // the administrator row offers no "connect as"
    expect(screen.queryByRole('button', { name: 'Connect as Sam Staff' })).toBeNull();
  });

  it('filters by a tenant found in the tenant list', async () => {
    const fetchMock = stub();
    renderAt(
      '/admin/users',
      <SessionProvider user={admin}>
        <UsersList />
      </SessionProvider>,
    );
    fireEvent.click(await screen.findByPlaceholderText('All tenants'));
    fireEvent.click(await screen.findByRole('option', { name: 'Acme Haulage' }));
    await waitFor(() => {
      const tenantIds = fetchMock.mock.calls
        .map(([input]) => new URL(String(input), 'http://x'))
        .filter((url) => url.pathname === '/api/v2/user')
        .map((url) => url.searchParams.get('tenantId'));
      expect(tenantIds).toContain('2');
    });
  });

  it('disables a user, and connects as a user after confirmation', async () => {
    const fetchMock = stub();
    renderAt(
      '/admin/users',
      <SessionProvider user={admin}>
        <UsersList />
      </SessionProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Disable Nora Driver' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'POST /api/v2/user/9/disable')).toHaveLength(1));

    fireEvent.click(screen.getByRole('button', { name: 'Connect as Nora Driver' }));
    const dialog = await screen.findByRole('dialog');
    expect(bodiesOf(fetchMock, 'POST /api/v2/user/9/impersonate')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect as user' }));
    await waitFor(() => expect(reloadAt).toHaveBeenCalledWith('/home'));
  });

  it('offers no "connect as" to a tenant manager', async () => {
    stub();
    renderAt(
      '/admin/users',
      <SessionProvider user={aUser({ id: 5, tenantId: 2, permissions: ['VIEW_USERS', 'VIEW_ROLES'] })}>
        <UsersList />
      </SessionProvider>,
    );
    expect(await screen.findByText('Nora Driver')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect as Nora Driver' })).toBeNull();
    // without a tenant flag the tenant list is not theirs to read: no filter, but the rows still name their tenant
    expect(screen.queryByPlaceholderText('All tenants')).toBeNull();
    expect(screen.getByRole('cell', { name: 'Acme Haulage' })).toBeTruthy();
  });
});
