import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Retention } from '@waymark/contracts/retention';
import { describe, expect, it } from 'vitest';
import { bodiesOf, json, stubFetch } from '../../../../test/fetch-stub';
import { aUser } from '../../../../test/fixtures';
import { renderAt } from '../../../../test/render';
import { SessionProvider } from '../../../auth/session-context';
import { pageOf, tenantRow } from '../tenant-fixtures';
import { TenantDetail } from './tenant-detail';

const retention = (tenants: Retention['tenants'] = []): { data: Retention } => ({
  data: { serverDays: 365, tenants, partitions: [], pendingPurges: 0 },
});

const platformAdmin = aUser({ id: 1, tenantId: null, administrator: true, permissions: ['ADMIN_ACCOUNT'] });

function stub(handlers: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/v2/tenant/4': () => json(200, { data: tenantRow({ id: 4, name: 'Acme' }) }),
    'GET /api/v2/tenant/group': () => json(200, { data: pageOf([], 10) }),
    'GET /api/v2/retention': () =>
      json(200, retention([{ tenantId: 4, name: 'Acme', retentionDays: 90, effectiveDays: 90 }])),
    ...handlers,
  });
}

const render = (user = platformAdmin) =>
  renderAt(
    '/admin/tenants/4',
    <SessionProvider user={user}>
      <TenantDetail tenantId={4} />
    </SessionProvider>,
  );

describe('the tenant retention', { timeout: 20_000 }, () => {
  it('shows what is kept and the server limit, and sets a number of days', async () => {
    const fetchMock = stub({
      'PUT /api/v2/tenants/4/retention': () =>
        json(200, { data: { tenantId: 4, name: 'Acme', retentionDays: 30, effectiveDays: 30 } }),
    });
    render();
    expect(await screen.findByText('Positions and events are kept 90 days.')).toBeTruthy();
    expect(screen.getByText('Server limit: 365 days')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Days kept'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save retention' }));
    expect(await screen.findByText('Data retention saved')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'PUT /api/v2/tenants/4/retention')).toEqual([{ retentionDays: 30 }]);
  });

  it('follows the server with null, and shows the server’s refusal', async () => {
    const refusal = 'A tenant keeps its history at most as long as the server: 365 days';
    const fetchMock = stub({
      // the list re-read after the save: the tenant has no setting of its own any more
      'GET /api/v2/retention': [
        () => json(200, retention([{ tenantId: 4, name: 'Acme', retentionDays: 90, effectiveDays: 90 }])),
        () => json(200, retention()),
      ],
      'PUT /api/v2/tenants/4/retention': [
        () => json(200, { data: { tenantId: 4, name: 'Acme', retentionDays: null, effectiveDays: 365 } }),
        () => json(400, { message: refusal }),
      ],
    });
    render();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Keep as long as the server' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save retention' }));
    expect(await screen.findByText('Data retention saved')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'PUT /api/v2/tenants/4/retention')).toEqual([{ retentionDays: null }]);
    expect(await screen.findByText('Positions and events are kept 365 days.')).toBeTruthy();

    const follow = screen.getByRole('checkbox', { name: 'Keep as long as the server' }) as HTMLInputElement;
    expect(follow.checked).toBe(true);
    fireEvent.click(follow);
    fireEvent.change(screen.getByLabelText('Days kept'), { target: { value: '400' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save retention' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(bodiesOf(fetchMock, 'PUT /api/v2/tenants/4/retention')[1]).toEqual({ retentionDays: 400 });
  });

  it('a tenant without a setting of its own follows the server', async () => {
    stub({ 'GET /api/v2/retention': () => json(200, retention()) });
    render();
    expect(await screen.findByText('Positions and events are kept 365 days.')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Keep as long as the server' }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('is neither shown nor read without ADMIN_ACCOUNT', async () => {
    const fetchMock = stub();
    render(aUser({ id: 5, tenantId: 2, permissions: ['VIEW_TENANT'] }));
    expect(await screen.findByRole('tab', { name: 'Groups', selected: true })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Data retention')).toBeNull());
    expect(bodiesOf(fetchMock, 'GET /api/v2/retention')).toHaveLength(0);
  });
});
