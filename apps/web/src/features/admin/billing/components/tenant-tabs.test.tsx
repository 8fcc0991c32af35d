import { fireEvent, screen, within } from '@testing-library/react';
import type { InvoiceDto } from '@waymark/contracts/billing';
import type { SubscriptionDto } from '@waymark/contracts/subscription';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, json, stubFetch } from '../../../../test/fetch-stub';
import { renderAt } from '../../../../test/render';
import { PermissionsProvider } from '../../../permissions/permissions-context';
import { TenantBillingTab } from './tenant-billing-tab';
import { TenantSubscriptionTab } from './tenant-subscription-tab';

afterEach(() => vi.unstubAllGlobals());

const basic: SubscriptionDto = {
  id: 2,
  name: 'Basic',
  description: null,
  priceCents: 300,
  currency: 'EUR',
  interval: 'MONTHLY',
  deviceLimit: 10,
  disabled: false,
  permissions: [],
  tenantCount: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const pro: SubscriptionDto = { ...basic, id: 5, name: 'Pro', deviceLimit: 100 };
const onPlan = (plan: SubscriptionDto | null) => ({
  data: {
    tenantId: 9,
    tenantName: 'Acme',
    subscription: plan,
    expiresAt: '2027-01-01T00:00:00.000Z',
    activeDevices: 4,
  },
});

describe('TenantSubscriptionTab', () => {
  it('shows the plan, its expiry and usage, and changes the plan, reloading the tab', async () => {
    const fetchMock = stubFetch({
      'GET /api/v2/subscription/tenant/9': [() => json(200, onPlan(basic)), () => json(200, onPlan(pro))],
      'GET /api/v2/subscription': () => json(200, { data: [basic, pro] }),
      'POST /api/v2/subscription/5/assign': () => json(200, onPlan(pro)),
    });
    renderAt(
      '/admin/tenants/9',
      <PermissionsProvider permissions={['ADMIN_ACCOUNT']}>
        <TenantSubscriptionTab tenantId={9} />
      </PermissionsProvider>,
    );
    expect(await screen.findByText('Basic')).toBeTruthy();
    expect(screen.getByText('4 of 10 devices')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change plan' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText(/^Plan/, { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: /^Pro/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('4 of 100 devices')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'POST /api/v2/subscription/5/assign')).toEqual([{ tenantId: 9 }]);
  });

  it('offers no changes without ADMIN_ACCOUNT', async () => {
    stubFetch({ 'GET /api/v2/subscription/tenant/9': () => json(200, onPlan(null)) });
    renderAt(
      '/admin/tenants/9',
      <PermissionsProvider permissions={['VIEW_TENANT']}>
        <TenantSubscriptionTab tenantId={9} />
      </PermissionsProvider>,
    );
    expect(await screen.findByText('No plan assigned')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Assign plan' })).toBeNull();
  });
});

describe('TenantBillingTab', () => {
  it('lists the tenant’s invoices only', async () => {
    const invoice: InvoiceDto = {
      id: 1,
      number: 'INV-202611-00009',
      tenantId: 9,
      tenantName: 'Acme',
      subscriptionId: 2,
      subscriptionName: 'Basic',
      status: 'OVERDUE',
      amountCents: 1200,
      currency: 'EUR',
      periodStart: '2026-11-01T00:00:00.000Z',
      periodEnd: '2026-12-01T00:00:00.000Z',
      issuedAt: '2026-11-01T00:00:00.000Z',
      dueAt: '2026-11-15T00:00:00.000Z',
      paidAt: null,
      lines: [{ description: 'Basic', quantity: 4, unitCents: 300 }],
    };
    const fetchMock = stubFetch({
      'GET /api/v2/billing/invoice': () =>
        json(200, { data: { content: [invoice], page: 0, size: 10, totalElements: 1, totalPages: 1 } }),
    });
    renderAt('/admin/tenants/9', <TenantBillingTab tenantId={9} />);
    expect(await screen.findByText('INV-202611-00009')).toBeTruthy();
    const row = screen.getByText('INV-202611-00009').closest('tr') as HTMLElement;
    expect(within(row).getByText('Overdue')).toBeTruthy();
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.searchParams.get('tenantId')).toBe('9');
  });
});
