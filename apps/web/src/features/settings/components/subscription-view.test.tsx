import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodiesOf, json, stubFetch } from '../../../test/fetch-stub';
import { aServer, aUser } from '../../../test/fixtures';
import { renderAt } from '../../../test/render';
import { SessionProvider } from '../../auth/session-context';
import { SettingsTabs } from './settings-tabs';
import { SubscriptionView } from './subscription-view';

describe('SubscriptionView', () => {
  it('shows the plan facts the API has: status, limits, tenant and roles', async () => {
    stubFetch({
      'GET /api/v2/role/user': () =>
        json(200, {
          data: [
            {
              id: 3,
              name: 'Fleet manager',
              description: null,
              tenantId: 2,
              system: false,
              permissions: [],
              createdAt: '2025-01-01T00:00:00.000Z',
            },
          ],
        }),
    });
    const user = aUser({
      tenantId: 2,
      deviceLimit: 25,
      userLimit: -1,
      expirationTime: '2000-01-01T00:00:00.000Z',
      limitCommands: true,
    });
    renderAt(
      '/user/subscription',
      <SessionProvider user={user}>
        <SubscriptionView />
      </SessionProvider>,
    );
    expect(await screen.findByText('Fleet manager')).toBeTruthy();
    expect(screen.getByText('Expired')).toBeTruthy();
    expect(screen.getByText('25')).toBeTruthy();
    expect(screen.getByText('Unlimited')).toBeTruthy();
    expect(screen.getByText('#2')).toBeTruthy();
    expect(screen.getByText('Limit commands')).toBeTruthy();
  });
});

describe('ServerSettings', () => {
  it('saves the server settings with the live-route attributes', async () => {
    const fetchMock = stubFetch({
      'GET /api/server': () =>
        json(200, aServer({ attributes: { mapLiveRoutes: 'none', 'web.liveRouteLength': 10, other: 1 } })),
      'PUT /api/server': () => json(200, aServer({ registration: true })),
    });
    const admin = aUser({ permissions: ['ADMIN_ACCOUNT'] });
    renderAt(
      '/settings/server',
      <SessionProvider user={admin}>
        <SettingsTabs tab="server" />
      </SessionProvider>,
    );
    fireEvent.click(await screen.findByLabelText('Allow registration'));
    fireEvent.change(screen.getByLabelText('Announcement'), { target: { value: 'Maintenance tonight' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'PUT /api/server')[0]).toMatchObject({
      registration: true,
      readonly: false,
      announcement: 'Maintenance tonight',
      attributes: { other: 1, mapLiveRoutes: 'none', 'web.liveRouteLength': 10 },
      retentionDays: null,
    });
  });

  it('sets how many days of history the server keeps, refusing what is not a whole number of days', async () => {
    const fetchMock = stubFetch({
      'GET /api/server': () => json(200, aServer({ retentionDays: 365 })),
      'PUT /api/server': () => json(200, aServer({ retentionDays: 90 })),
    });
    renderAt(
      '/settings/server',
      <SessionProvider user={aUser({ permissions: ['ADMIN_ACCOUNT'] })}>
        <SettingsTabs tab="server" />
      </SessionProvider>,
    );
    const days = (await screen.findByLabelText('History kept (days)')) as HTMLInputElement;
    expect(days.value).toBe('365');
    fireEvent.change(days, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a whole number of days from 1 to 36500, or leave it empty')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'PUT /api/server')).toHaveLength(0);
    fireEvent.change(days, { target: { value: '90' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'PUT /api/server')[0]).toMatchObject({ retentionDays: 90 });
  });
  it('turns reverse geocoding on with its provider settings, keeping the unseen key unless one is typed', async () => {
    const fetchMock = stubFetch({
      'GET /api/server': () =>
        json(200, aServer({ attributes: { 'geocoder.type': 'nominatim', 'geocoder.url': 'https://old.example' } })),
      'PUT /api/server': () => json(200, aServer({ geocoderEnabled: true })),
    });
    renderAt(
      '/settings/server',
      <SessionProvider user={aUser({ permissions: ['ADMIN_ACCOUNT'] })}>
        <SettingsTabs tab="server" />
      </SessionProvider>,
    );
    fireEvent.click(await screen.findByLabelText('Look up addresses on demand (map "Show address", reports)'));
    fireEvent.change(screen.getByLabelText('Provider URL'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Address language'), { target: { value: 'fr' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeTruthy();
    const [first] = bodiesOf(fetchMock, 'PUT /api/server') as { attributes: Record<string, unknown> }[];
    expect(first?.attributes).toMatchObject({
      'geocoder.enable': true,
      'geocoder.type': 'nominatim',
      'geocoder.language': 'fr',
    });
    // an emptied URL falls back to the provider's public service; no key typed: the stored one is kept
    expect(first?.attributes).not.toHaveProperty('geocoder.url');
    expect(first?.attributes).not.toHaveProperty('geocoder.key');

    fireEvent.change(screen.getByLabelText('API key'), { target: { value: 'new-key' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'PUT /api/server')).toHaveLength(2));
    expect((bodiesOf(fetchMock, 'PUT /api/server')[1] as { attributes: object }).attributes).toMatchObject({
      'geocoder.key': 'new-key',
    });
  });
});
