import type { Tenant, TenantDevice, TenantGroup, TenantUser } from '@waymark/contracts/tenant';
import type { UserWithRole } from '../../plugins/app/auth-context';
import type { TenantDeviceRow } from './tenant-devices.service';
import type { TenantGroupRow } from './tenant-groups.service';
import type { TenantRow } from './tenants.service';

/** The row → contract mappers of the admin area's tenants. */

export function presentTenant(row: TenantRow): Tenant {
  return {
    id: row.id,
    name: row.name,
    active: row.active,
    parentTenantId: row.parentTenantId,
    userId: row.userId,
    tenantGroupId: row.tenantGroupId,
    email: row.email,
    phone: row.phone,
    address: row.address,
    reseller: row._count.children > 0,
    counts: {
      users: row._count.users,
      devices: row._count.devices,
      groups: row._count.groups,
      subTenants: row._count.children,
    },
    subscriptionId: row.subscriptionId,
    subscriptionExpiresAt: row.subscriptionExpiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentTenantGroup(row: TenantGroupRow): TenantGroup {
  return {
    id: row.id,
    name: row.name,
    tenantId: row.tenantId,
    parentGroupId: row.parentGroupId,
    userId: row.userId,
    active: row.active,
    attribute: {
      userId: row.userId,
      parentTenantId: row.tenant?.parentTenantId ?? null,
      isTenant: row.tenant?.tenantGroupId === row.id,
      tenantName: row.tenant?.name ?? null,
      isActive: row.active,
    },
  };
}

export function presentTenantUser(row: UserWithRole): TenantUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    tenantId: row.tenantId,
    roleId: row.roleId,
    roleName: row.role?.name ?? null,
    active: row.active,
    attribute: { isActive: row.active },
    createdAt: row.createdAt.toISOString(),
  };
}

/** A device of a tenant: in this platform the admin device and the tracker are the same row. */
export function presentTenantDevice(row: TenantDeviceRow): TenantDevice {
  return {
    id: row.id,
    adminDeviceId: row.id,
    trackerDeviceId: row.id,
    name: row.name,
    uniqueId: row.uniqueId,
    status: row.status,
    stockStatus: row.stockStatus,
    tenantId: row.tenantId,
    groupId: row.groupId,
    groupName: row.group?.name ?? null,
    userId: row.userId,
    assigned: row.groupId !== null || row.userId !== null,
  };
}
