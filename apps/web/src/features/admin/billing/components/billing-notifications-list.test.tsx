import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BillingNotificationDto } from '@waymark/contracts/billing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, json, stubFetch } from '../../../../test/fetch-stub';
import { renderAt } from '../../../../test/render';
import { BillingNotificationsList } from './billing-notifications-list';

const rule = (status: 'enabled' | 'disabled'): BillingNotificationDto => ({
  id: 3,
  tenantId: null,
  name: 'Week ahead',
  type: 'DAYS_BEFORE_EXPIRY',
  value: 7,
  status,
  createdAt: '2026-01-01T00:00:00.000Z',
});

afterEach(() => vi.unstubAllGlobals());

describe('BillingNotificationsList', () => {
  it('disables a rule with its toggle, then reloads the list', async () => {
    const fetchMock = stubFetch({
      'GET /api/v2/billing/notification/all': [
        () => json(200, { data: [rule('enabled')] }),
        () => json(200, { data: [rule('disabled')] }),
      ],
      'PUT /api/v2/billing/notification/disable/3': () => json(200, { data: rule('disabled') }),
    });
    renderAt('/admin/billing/notifications', <BillingNotificationsList />);
    const toggle = await screen.findByRole('switch', { name: 'Enabled: Week ahead' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('7 days before')).toBeTruthy();
    fireEvent.click(toggle);
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: 'Enabled: Week ahead' }) as HTMLInputElement).checked).toBe(false),
    );
    expect(bodiesOf(fetchMock, 'PUT /api/v2/billing/notification/disable/3')).toHaveLength(1);
    expect(bodiesOf(fetchMock, 'GET /api/v2/billing/notification/all')).toHaveLength(2);
    expect(await screen.findByText('Billing notification disabled')).toBeTruthy();
  });

  it('creates a rule from the form and reloads the list', async () => {
    const fetchMock = stubFetch({
      'GET /api/v2/billing/notification/all': [
        () => json(200, { data: [] }),
        () => json(200, { data: [rule('enabled')] }),
      ],
      'POST /api/v2/billing/notification': () => json(200, { data: rule('enabled') }),
    });
    renderAt('/admin/billing/notifications', <BillingNotificationsList />);
    expect(await screen.findByText('No billing notifications yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New notification' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'Week ahead' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('switch', { name: 'Enabled: Week ahead' })).toBeTruthy();
    expect(bodiesOf(fetchMock, 'POST /api/v2/billing/notification')).toEqual([
      { name: 'Week ahead', type: 'DAYS_BEFORE_EXPIRY', value: 7, status: 'enabled' },
    ]);
  });
});
