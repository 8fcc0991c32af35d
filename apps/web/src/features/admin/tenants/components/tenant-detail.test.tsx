import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodiesOf, json, stubFetch } from '../../../../test/fetch-stub';
import { renderAt } from '../../../../test/render';
import { deviceRow, pageOf, tenantRow } from '../tenant-fixtures';
import { TenantDetail } from './tenant-detail';

const tenant = tenantRow({
  id: 4,
  name: 'Acme',
  subscriptionId: 31,
  subscriptionExpiresAt: '2027-02-01T00:00:00.000Z',
});

describe('the tenant detail', () => {
  it('opens on the groups tab; a 404 on the group or user list shows an empty list', { timeout: 20_000 }, async () => {
    stubFetch({
      'GET /api/v2/tenant/4': () => json(200, { data: tenant }),
      'GET /api/v2/tenant/group': () => json(404, { message: 'Not found' }),
      'GET /api/v2/tenant/4/user': () => json(404, { message: 'Not found' }),
      'GET /api/v2/tenant/4/user-group-mapping': () => json(500, { message: 'Internal server error' }),
    });
    renderAt('/admin/tenants/4', <TenantDetail tenantId={4} />);
    expect(await screen.findByRole('tab', { name: 'Groups', selected: true })).toBeTruthy();
    expect(await screen.findByText('No groups yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Users' }));
    expect(await screen.findByText('No users yet')).toBeTruthy();
  });

  it('shows the subscription id and expiry, or the panels it is given', { timeout: 20_000 }, async () => {
    stubFetch({
      'GET /api/v2/tenant/4': () => json(200, { data: tenant }),
      'GET /api/v2/tenant/group': () => json(200, { data: pageOf([], 10) }),
    });
    const view = renderAt('/admin/tenants/4', <TenantDetail tenantId={4} />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Subscription' }));
    expect(await screen.findByText('#31')).toBeTruthy();
    view.unmount();
    renderAt('/admin/tenants/4', <TenantDetail tenantId={4} panels={{ billing: (id) => <p>billing of {id}</p> }} />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Billing' }));
    expect(await screen.findByText('billing of 4')).toBeTruthy();
  });

  it('assigns a device to a group with the group id as an integer', { timeout: 20_000 }, async () => {
    const group = {
      id: 20,
      name: 'Acme',
      tenantId: 4,
      parentGroupId: null,
      userId: 10,
      active: true,
      attribute: { userId: 10, parentTenantId: null, isTenant: true, tenantName: 'Acme', isActive: true },
    };
    const fetch = stubFetch({
      'GET /api/v2/tenant/4': () => json(200, { data: tenant }),
      'GET /api/v2/tenant/group': () => json(200, { data: pageOf([group], 10) }),
      'GET /api/v2/tenant/4/device': () => json(200, { data: pageOf([deviceRow({ id: 5, adminDeviceId: 5 })], 10) }),
      'POST /api/v2/tenant/4/device/5/group/20': () =>
        json(200, { data: deviceRow({ groupId: 20, groupName: 'Acme', assigned: true }) }),
    });
    renderAt('/admin/tenants/4', <TenantDetail tenantId={4} />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Devices' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Assign Van to a group' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText(/^Group/, { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Acme' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Device assigned to group successfully')).toBeTruthy();
    expect(bodiesOf(fetch, 'POST /api/v2/tenant/4/device/5/group/20')).toHaveLength(1);
  });
});
