import { z } from 'zod';
import { idSchema, pageQuerySchema, refSchema, text } from './common';

/**
 * The admin area's tenants (`/api/v2/tenant…`): tenants with their owner and root group, the groups, users and
 * devices of one tenant, and which groups each of its users belongs to.
 */

const isoDate = z.string().describe('ISO-8601 time in UTC');
const name = text().trim().min(1, 'Name is required').max(128);
const optionalText = (max: number) => text().trim().max(max).nullable().optional();

/** Tenants a page holds unless told otherwise. */
export const TENANT_PAGE_SIZE = 12;
/** Groups, users and devices of one tenant a page holds unless told otherwise. */
export const TENANT_MEMBER_PAGE_SIZE = 10;

export const tenantStatusSchema = z.enum(['active', 'inactive', 'all']);

export const tenantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  parentTenantId: z.number().int().nullable(),
  userId: z.number().int().nullable().describe('the owning user'),
  tenantGroupId: z.number().int().nullable().describe("the tenant's root group"),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  reseller: z.boolean().describe('has sub-tenants'),
  counts: z.object({
    users: z.number().int(),
    devices: z.number().int(),
    groups: z.number().int(),
    subTenants: z.number().int(),
  }),
  subscriptionId: z.number().int().nullable(),
  subscriptionExpiresAt: isoDate.nullable(),
  createdAt: isoDate,
});
export type Tenant = z.infer<typeof tenantSchema>;

/** GET /tenant: `limit` is the page size too (`size` wins when both are sent); status 'all' or none lists all. */
export const tenantListQuerySchema = pageQuerySchema.extend({
  size: z.coerce.number().int().min(1).max(500).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  status: tenantStatusSchema.optional(),
});
export type TenantListQuery = z.infer<typeof tenantListQuerySchema>;

const password = text().min(8, 'Password must have at least 8 characters').max(256);

export const tenantOwnerInputSchema = z.object({
  name,
  email: z.email().max(254),
  /** without one, the owner is mailed a link to choose a password */
  password: password.optional(),
});

export const tenantInputSchema = z.object({
  name,
  parentTenantId: refSchema.nullable().optional().describe('none: a top-level tenant (platform staff only)'),
  email: z.email().max(254).nullable().optional(),
  phone: optionalText(32),
  address: optionalText(512),
  owner: tenantOwnerInputSchema,
});
export type TenantInput = z.infer<typeof tenantInputSchema>;

export const tenantUpdateSchema = z.object({
  name: name.optional(),
  email: z.email().max(254).nullable().optional(),
  phone: optionalText(32),
  address: optionalText(512),
});
export type TenantUpdate = z.infer<typeof tenantUpdateSchema>;

// ── groups ──

export const tenantGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  tenantId: z.number().int().nullable(),
  parentGroupId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  active: z.boolean(),
  attribute: z.object({
    userId: z.number().int().nullable(),
    parentTenantId: z.number().int().nullable(),
    isTenant: z.boolean().describe("the tenant's root group"),
    tenantName: z.string().nullable(),
    isActive: z.boolean(),
  }),
});
export type TenantGroup = z.infer<typeof tenantGroupSchema>;

export const tenantGroupQuerySchema = pageQuerySchema.extend({ tenantId: idSchema.optional() });

/** A new group: its name and the user it belongs to (the tenant's owner, in the admin area). */
export const tenantGroupInputSchema = z.object({ name, userId: refSchema });
export const tenantGroupUpdateSchema = z.object({ name });

// ── users ──

export const tenantUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  tenantId: z.number().int().nullable(),
  roleId: z.number().int().nullable(),
  roleName: z.string().nullable(),
  active: z.boolean(),
  attribute: z.object({ isActive: z.boolean() }),
  createdAt: isoDate,
});
export type TenantUser = z.infer<typeof tenantUserSchema>;

export const tenantUserInputSchema = z.object({
  name,
  email: z.email().max(254),
  /** without one, the user is mailed a link to choose a password */
  password: password.optional(),
  roleId: refSchema.nullable().optional(),
  phone: optionalText(32),
});
export type TenantUserInput = z.infer<typeof tenantUserInputSchema>;

export const tenantUserUpdateSchema = z.object({
  name: name.optional(),
  roleId: refSchema.nullable().optional(),
  phone: optionalText(32),
});
export type TenantUserUpdate = z.infer<typeof tenantUserUpdateSchema>;

/** GET /tenant/{id}/user-group-mapping: each user id (as text) → the groups that user belongs to. */
export const userGroupMappingSchema = z.record(
  z.string(),
  z.array(z.object({ id: z.number().int(), name: z.string() })),
);
export type UserGroupMapping = z.infer<typeof userGroupMappingSchema>;

// ── devices ──

export const tenantDeviceSchema = z.object({
  id: z.number().int(),
  adminDeviceId: z.number().int(),
  trackerDeviceId: z.number().int(),
  name: z.string(),
  uniqueId: z.string(),
  status: z.string().describe('online, offline or unknown'),
  stockStatus: z.string(),
  tenantId: z.number().int().nullable(),
  groupId: z.number().int().nullable(),
  groupName: z.string().nullable(),
  userId: z.number().int().nullable(),
  assigned: z.boolean().describe('a group or a user is set'),
});
export type TenantDevice = z.infer<typeof tenantDeviceSchema>;

export const tenantDeviceParamsSchema = z.object({ tenantId: idSchema, adminDeviceId: idSchema });
