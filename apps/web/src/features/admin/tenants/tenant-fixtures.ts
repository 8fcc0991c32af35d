import type { Page } from '@waymark/contracts/common';
import type { Tenant, TenantDevice } from '@waymark/contracts/tenant';

/** Test support: a tenant as the API serves it. */
export function tenantRow(over: Partial<Tenant> = {}): Tenant {
  return {
    id: 1,
    name: 'Acme',
    active: true,
    parentTenantId: null,
    userId: 10,
    tenantGroupId: 20,
    email: null,
    phone: null,
    address: null,
    reseller: false,
    counts: { users: 1, devices: 0, groups: 1, subTenants: 0 },
    subscriptionId: null,
    subscriptionExpiresAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

export function deviceRow(over: Partial<TenantDevice> = {}): TenantDevice {
  return {
    id: 5,
    adminDeviceId: 5,
    trackerDeviceId: 5,
    name: 'Van',
    uniqueId: '123456789012345',
    status: 'online',
    stockStatus: 'ASSIGNED',
    tenantId: 1,
    groupId: null,
    groupName: null,
    userId: null,
    assigned: false,
    ...over,
  };
}

export function pageOf<T>(content: T[], size = 12): Page<T> {
  return { content, page: 0, size, totalElements: content.length, totalPages: content.length ? 1 : 0 };
}
