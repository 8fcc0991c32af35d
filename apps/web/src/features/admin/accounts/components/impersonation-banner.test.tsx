import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getAccessToken } from '../../../../api/token-storage';
import { json, stubFetch } from '../../../../test/fetch-stub';
import { aUser } from '../../../../test/fixtures';
import { renderAt } from '../../../../test/render';
import { SessionProvider } from '../../../auth/session-context';
import { ImpersonationBanner } from './impersonation-banner';
import { reloadAt } from './reload';

vi.mock('./reload', () => ({ reloadAt: vi.fn() }));

describe('ImpersonationBanner', () => {
  it('shows nothing in one’s own session', () => {
    renderAt(
      '/home',
      <SessionProvider user={aUser({ impersonatedBy: null })}>
        <ImpersonationBanner />
      </SessionProvider>,
    );
    expect(screen.queryByRole('button', { name: 'Return to my account' })).toBeNull();
  });

  it('names both accounts and returns to the administrator’s session', async () => {
    const admin = aUser({ id: 1, name: 'Ada Admin' });
    stubFetch({
      'POST /api/v2/user/impersonation/end': () =>
        json(200, { data: { user: admin, accessToken: 'admin-token', accessTokenExpiresAt: '2030-01-01T00:00:00Z' } }),
    });
    renderAt(
      '/home',
      <SessionProvider user={aUser({ id: 9, name: 'Nora Driver', impersonatedBy: { id: 1, name: 'Ada Admin' } })}>
        <ImpersonationBanner />
      </SessionProvider>,
    );
    expect(screen.getByText('You are connected as Nora Driver (by Ada Admin).')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Return to my account' }));
    await waitFor(() => expect(reloadAt).toHaveBeenCalledWith('/admin/users'));
    expect(getAccessToken()).toBe('admin-token');
  });
});
