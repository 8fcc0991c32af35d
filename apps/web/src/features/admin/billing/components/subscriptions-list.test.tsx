import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SubscriptionDto } from '@waymark/contracts/subscription';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, json, stubFetch } from '../../../../test/fetch-stub';
import { renderAt } from '../../../../test/render';
import { PermissionsProvider } from '../../../permissions/permissions-context';
import { SubscriptionsList } from './subscriptions-list';

const plan = (disabled: boolean): SubscriptionDto => ({
  id: 7,
  name: 'Fleet Pro',
  description: null,
  priceCents: 450,
  currency: 'EUR',
  interval: 'MONTHLY',
  deviceLimit: 50,
  disabled,
  permissions: ['VIEW_DEVICES'],
  tenantCount: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
});

const show = (flags: string[]) =>
  renderAt(
    '/admin/subscriptions',
    <PermissionsProvider permissions={flags}>
      <SubscriptionsList />
    </PermissionsProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('SubscriptionsList', () => {
  it('disables a plan as its own confirmed action, then reloads the list', async () => {
    const fetchMock = stubFetch({
      'GET /api/v2/subscription': [() => json(200, { data: [plan(false)] }), () => json(200, { data: [plan(true)] })],
      'PATCH /api/v2/subscription/disable/7': () => json(200, { data: plan(true) }),
    });
    show(['ADMIN_ACCOUNT']);
    const row = (await screen.findByText('Fleet Pro')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Active')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Disable Fleet Pro' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/can no longer be assigned/)).toBeTruthy();
    expect(bodiesOf(fetchMock, 'PATCH /api/v2/subscription/disable/7')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));

    await waitFor(() =>
      expect(within(screen.getByText('Fleet Pro').closest('tr') as HTMLElement).getByText('Disabled')).toBeTruthy(),
    );
    expect(bodiesOf(fetchMock, 'PATCH /api/v2/subscription/disable/7')).toHaveLength(1);
    expect(bodiesOf(fetchMock, 'GET /api/v2/subscription')).toHaveLength(2);
    expect(await screen.findByText('Subscription disabled')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enable Fleet Pro' })).toBeTruthy();
  });

  it('shows the server’s message when disabling fails, and keeps the plan active', async () => {
    stubFetch({
      'GET /api/v2/subscription': () => json(200, { data: [plan(false)] }),
      'PATCH /api/v2/subscription/disable/7': () => json(409, { message: 'The plan is locked' }),
    });
    show(['ADMIN_ACCOUNT']);
    fireEvent.click(await screen.findByRole('button', { name: 'Disable Fleet Pro' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('The plan is locked')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Disable Fleet Pro' })).toBeTruthy();
  });

  it('shows the load failure text and hides write actions without ADMIN_ACCOUNT', async () => {
    stubFetch({ 'GET /api/v2/subscription': () => json(500, {}) });
    show(['VIEW_TENANT']);
    expect(await screen.findByText('Failed to load subscriptions')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'New plan' })).toBeNull();
  });
});
