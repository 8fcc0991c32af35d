import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { User } from '@waymark/contracts/user';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n/i18n';
import { bodiesOf, type Handler, json, stubFetch } from '../../../test/fetch-stub';
import { aUser } from '../../../test/fixtures';
import { renderAt } from '../../../test/render';
import { useSessionQuery } from '../../auth/auth.queries';
import { SessionProvider } from '../../auth/session-context';
import { PreferencesSync } from './preferences-sync';
import { SettingsTabs } from './settings-tabs';

/** Like the session gate: the user comes from the session query, which saving the preferences updates. */
function Session({ children }: { children: ReactNode }) {
  const session = useSessionQuery();
  return session.data ? <SessionProvider user={session.data}>{children}</SessionProvider> : null;
}

function renderSettings(tab: string, user: User = aUser()) {
  stubSession = () => json(200, user);
  return renderAt(
    `/settings/${tab}`,
    <Session>
      {/* the main layout mounts PreferencesSync: it applies the saved direction and theme colour */}
      <PreferencesSync />
      <SettingsTabs tab={tab} />
    </Session>,
    ['/settings/preferences'],
  );
}

let stubSession: Handler = () => json(200, aUser());
const withSession = (handlers: Record<string, Handler | Handler[]>) =>
  stubFetch({ 'GET /api/session': (request) => stubSession(request), ...handlers });

afterEach(async () => {
  await i18n.changeLanguage('en');
  document.documentElement.dir = 'ltr';
});

describe('preferences', () => {
  it('saves units and look to the user attributes and applies language and direction at once', async () => {
    const fetchMock = withSession({
      'PUT /api/users/7': ({ body }) => json(200, { ...aUser(), ...(body as object) }),
    });
    renderSettings('preferences', aUser({ attributes: { notificationTokens: 'abc' } }));

    fireEvent.click(await screen.findByText('Ελληνικά'));
    fireEvent.click(screen.getByText('Right to left'));
    fireEvent.click(screen.getByRole('radio', { name: 'Purple' }));
    fireEvent.click(screen.getByTestId('preferences-save'));

    expect(await screen.findByText('Οι προτιμήσεις χρήστη ενημερώθηκαν με επιτυχία')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'PUT /api/users/7')[0]).toMatchObject({
      coordinateFormat: 'dd',
      map: 'osm',
      attributes: {
        notificationTokens: 'abc',
        language: 'el',
        speedUnit: 'kmh',
        direction: 'rtl',
        theme: 'PURPLE_THEME',
        mapLiveRoutes: 'none',
        'web.liveRouteLength': 10,
      },
    });
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(i18n.language).toBe('el');
    expect(screen.getByText('Γλώσσα')).toBeTruthy();
  });

  it('turns the daily summary mail on and off in the user attributes', async () => {
    const fetchMock = withSession({
      'PUT /api/users/7': ({ body }) => json(200, { ...aUser(), ...(body as object) }),
    });
    renderSettings('preferences', aUser({ attributes: { 'mail.dailySummary': true } }));
    // the switch's label holds its description too
    const toggle = (await screen.findByRole('switch', { name: /^Daily summary by email/ })) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    fireEvent.click(screen.getByTestId('preferences-save'));
    await waitFor(() => expect(bodiesOf(fetchMock, 'PUT /api/users/7')).toHaveLength(1));
    expect(bodiesOf(fetchMock, 'PUT /api/users/7')[0]).toMatchObject({ attributes: { 'mail.dailySummary': false } });
  });

  it('shows the server message when saving fails', async () => {
    withSession({ 'PUT /api/users/7': () => json(400, { message: 'Invalid parameters or constraints violation' }) });
    renderSettings('preferences');
    fireEvent.click(await screen.findByTestId('preferences-save'));
    expect(await screen.findByText('Invalid parameters or constraints violation')).toBeTruthy();
  });
});

describe('settings tabs', () => {
  it('hides users and server from a user without the flags and redirects to preferences', async () => {
    withSession({});
    renderSettings('server');
    expect(await screen.findByText('page /settings/preferences')).toBeTruthy();
  });

  it('lists the tenant users for VIEW_USERS', async () => {
    withSession({
      'GET /api/users': () =>
        json(200, [aUser(), aUser({ id: 8, name: 'Grace Hopper', email: 'grace@example.test', disabled: true })]),
    });
    renderSettings('users', aUser({ permissions: ['VIEW_USERS'] }));
    expect(await screen.findByText('Grace Hopper')).toBeTruthy();
    expect(screen.getByText('Disabled')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Server' })).toBeNull();
  });

  it('shows the empty and error states of the user list', async () => {
    withSession({ 'GET /api/users': [() => json(200, []), () => json(500, { message: 'boom' })] });
    const view = renderSettings('users', aUser({ permissions: ['ADMIN_ACCOUNT'] }));
    expect(await screen.findByText('No users yet.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Server' })).toBeTruthy();
    await view.queryClient.refetchQueries({ queryKey: ['settings', 'users'] });
    expect(await screen.findByText('Failed to load users')).toBeTruthy();
  });

  it('disables a user with the switch', async () => {
    const fetchMock = withSession({
      'GET /api/users': () => json(200, [aUser(), aUser({ id: 8, name: 'Grace Hopper', email: 'grace@example.test' })]),
      'PUT /api/users/8': () => json(200, aUser({ id: 8, disabled: true })),
    });
    renderSettings('users', aUser({ permissions: ['VIEW_USERS'] }));
    fireEvent.click(await screen.findByLabelText('Grace Hopper is active'));
    expect(await screen.findByText('User deactivated successfully')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'PUT /api/users/8')).toEqual([{ disabled: true }]);
  });

  it('changes the account name and keeps a fixed email out of the request', async () => {
    const fetchMock = withSession({ 'PUT /api/users/7': () => json(200, aUser({ name: 'Ada King' })) });
    renderSettings('account', aUser({ fixedEmail: true }));
    expect(((await screen.findByLabelText(/^Email/, { selector: 'input' })) as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/^Name/, { selector: 'input' }), { target: { value: 'Ada King' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'PUT /api/users/7')[0]).toEqual({ name: 'Ada King', phone: null });
    expect(screen.getByRole('link', { name: 'Set up two-factor authentication' }).getAttribute('href')).toBe(
      '/admin/totp/setup',
    );
  });

  it('refuses different passwords before calling the server', async () => {
    const fetchMock = withSession({});
    renderSettings('account');
    fireEvent.change(await screen.findByLabelText(/^New password/, { selector: 'input' }), {
      target: { value: 'Long-enough-1' },
    });
    fireEvent.change(screen.getByLabelText(/^Confirm new password/, { selector: 'input' }), {
      target: { value: 'Other-value-2' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'PUT /api/users/7')).toHaveLength(0);
  });
});
