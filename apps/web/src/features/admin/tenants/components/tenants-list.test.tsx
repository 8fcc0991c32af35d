import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Tenant } from '@waymark/contracts/tenant';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../../../test/fetch-stub';
import { renderAt } from '../../../../test/render';
import { pageOf, tenantRow } from '../tenant-fixtures';
import { TenantsList } from './tenants-list';

/** A fake API of tenants: the list (with its query), the active count, activate/deactivate and update. */
function serve(tenants: Tenant[], options: { failUpdate?: boolean } = {}) {
  let release: () => void = () => undefined;
  const updateHeld = new Promise<void>((resolve) => {
    release = resolve;
  });
  // the active count as first loaded: the list must move it itself, not by asking again
  const activeAtStart = tenants.filter((t) => t.active).length;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    if (method === 'GET' && url.pathname === '/api/v2/tenant') {
      if (url.searchParams.get('status') === 'active') {
        return json(200, { data: { ...pageOf(tenants.slice(0, 1), 1), totalElements: activeAtStart } });
      }
      return json(200, { data: pageOf(tenants) });
    }
    const toggle = url.pathname.match(/^\/api\/v2\/tenant\/(\d+)\/(activate|deactivate)$/);
    if (method === 'POST' && toggle) {
      const tenant = tenants.find((t) => t.id === Number(toggle[1])) as Tenant;
      tenant.active = toggle[2] === 'activate';
      return json(200, { data: tenant });
    }
    const put = url.pathname.match(/^\/api\/v2\/tenant\/(\d+)$/);
    if (method === 'PUT' && put) {
      await updateHeld;
      if (options.failUpdate) return json(409, { message: 'That name is taken' });
      const tenant = tenants.find((t) => t.id === Number(put[1])) as Tenant;
      Object.assign(tenant, JSON.parse(String(init.body)));
      return json(200, { data: tenant });
    }
    return json(404, { message: `No stub for ${method} ${url.pathname}` });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, release };
}

/** The value of the "Active" tile (the label's next sibling holds the count). */
function activeCount(): string | null {
  for (const label of screen.getAllByText('Active')) {
    const value = label.nextElementSibling?.textContent ?? '';
    if (/^\d+$/.test(value)) return value;
  }
  return null;
}

const tenants = () => [
  tenantRow({ id: 1, name: 'Acme', reseller: true, counts: { users: 2, devices: 3, groups: 1, subTenants: 1 } }),
  tenantRow({ id: 2, name: 'Acme Child', parentTenantId: 1 }),
  tenantRow({ id: 3, name: 'Beta', active: false }),
];

describe('the tenants list', () => {
  it('shows top-level tenants only, marks resellers and moves the active count with the switch', {
    timeout: 20_000,
  }, async () => {
    const { fetchMock } = serve(tenants());
    renderAt('/admin/tenants', <TenantsList />);
    const acme = await screen.findByText('Acme');
    expect(screen.getByText('Beta')).toBeTruthy();
    expect(screen.queryByText('Acme Child')).toBeNull();
    expect(within(acme.closest('tr') as HTMLElement).getByText('Reseller')).toBeTruthy();
    const firstUrl = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(Object.fromEntries(firstUrl.searchParams)).toMatchObject({
      page: '0',
      size: '12',
      sortBy: 'name',
      sortOrder: 'asc',
    });
    expect(firstUrl.searchParams.has('status')).toBe(false);

    await waitFor(() => expect(activeCount()).toBe('2'));

    fireEvent.click(screen.getByRole('switch', { name: 'Active: Beta' }));
    await screen.findByText('Tenant updated successfully');
    await waitFor(() => expect(activeCount()).toBe('3'));
    fireEvent.click(screen.getByRole('switch', { name: 'Active: Acme' }));
    await waitFor(() => expect(activeCount()).toBe('2'));
  });

  it('applies an edit at once and rolls it back with the server’s message when refused', {
    timeout: 20_000,
  }, async () => {
    const { release } = serve(tenants(), { failUpdate: true });
    renderAt('/admin/tenants', <TenantsList />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Beta' }));
    const name = await screen.findByRole('textbox', { name: /Name/ });
    fireEvent.change(name, { target: { value: 'Gamma' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // optimistic: shown before the server answers
    expect(await screen.findByText('Gamma')).toBeTruthy();
    expect(screen.queryByText('Beta')).toBeNull();
    release();
    expect(await screen.findByText('That name is taken')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Beta')).toBeTruthy());
    expect(screen.queryByText('Gamma')).toBeNull();
  });
});
