import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../../test/fetch-stub';
import { aUser } from '../../../../test/fixtures';
import { renderAt } from '../../../../test/render';
import { SessionProvider } from '../../../auth/session-context';
import { UserDetailsView } from './user-details-view';

const SESSION = '6f1c7a52-3c1e-4a4e-9d43-1f2a3b4c5d6e';

const details = {
  user: aUser({ id: 9, name: 'Nora Driver', email: 'nora@example.test', tenantId: 2, roleId: 7 }),
  role: { id: 7, name: 'Dispatcher' },
  tenant: { id: 2, name: 'Acme Haulage' },
  lastLoginAt: '2026-01-02T10:00:00.000Z',
  twoFactor: { totp: true, emailOtp: false },
  sessions: [
    {
      id: SESSION,
      ip: '203.0.113.7',
      userAgent: 'Firefox on Linux',
      method: 'password',
      createdAt: '2026-01-02T10:00:00.000Z',
      lastUsedAt: '2026-01-02T11:00:00.000Z',
      expiresAt: '2026-02-01T10:00:00.000Z',
      impersonatedBy: null,
    },
  ],
  devices: {
    content: [{ id: 4, name: 'Van 4', uniqueId: '3567', status: 'online' }],
    page: 0,
    size: 10,
    totalElements: 1,
    totalPages: 1,
  },
  audit: { content: [], page: 0, size: 10, totalElements: 0, totalPages: 0 },
};

describe('UserDetailsView', { timeout: 20_000 }, () => {
  it('shows role, tenant, second factors, devices and sessions, and ends a session', async () => {
    const fetchMock = stubFetch({
      'GET /api/v2/user/9/details': () => json(200, { data: details }),
      'GET /api/v2/user/9/audit': () =>
        json(200, {
          data: {
            content: [
              {
                id: '1',
                action: 'user.updated',
                userId: 1,
                objectType: 'user',
                objectId: '9',
                ip: null,
                details: {},
                createdAt: '2026-01-02T12:00:00.000Z',
              },
            ],
            page: 0,
            size: 10,
            totalElements: 1,
            totalPages: 1,
          },
        }),
      [`DELETE /api/v2/user/9/sessions/${SESSION}`]: () => new Response(null, { status: 204 }),
    });
    renderAt(
      '/admin/users/9',
      <SessionProvider user={aUser({ id: 1, tenantId: null, permissions: ['VIEW_USER_DETAILS', 'VIEW_USERS'] })}>
        <UserDetailsView id={9} />
      </SessionProvider>,
    );
    expect(await screen.findByText('Dispatcher')).toBeTruthy();
    expect(screen.getByText('Acme Haulage')).toBeTruthy();
    expect(screen.getByText('Van 4')).toBeTruthy();
    expect(screen.getByText('203.0.113.7')).toBeTruthy();
    expect(await screen.findByText('user.updated')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'End this session' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([input, init]) => init?.method === 'DELETE' && String(input).endsWith(`/sessions/${SESSION}`),
        ),
      ).toBe(true),
    );
  });
});
