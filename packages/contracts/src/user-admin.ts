import { z } from 'zod';
import { isoTimeSchema, pageQuerySchema, pageSchema, queryInt4, refSchema, text } from './common';
import { tokensSchema } from './session';
import { userSchema } from './user';

/** Account states the admin user list filters on. */
export const USER_STATUSES = ['all', 'active', 'disabled', 'expired'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** GET /api/v2/user: a page of users (10 by default), searched by name or email, filtered and sorted. */
export const userPageQuerySchema = pageQuerySchema.extend({
  tenantId: queryInt4().positive().optional(),
  roleId: queryInt4().positive().optional(),
  status: z.enum(USER_STATUSES).default('all'),
});

/** A row of GET /api/v2/user: the user with its tenant's name (the list shows it to whoever may list users). */
export const userRowSchema = userSchema.extend({
  tenant: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type UserRow = z.infer<typeof userRowSchema>;

/** POST /api/v2/user/invite: the user is created without a password and mailed a link to choose one. */
export const userInviteSchema = z.object({
  name: text().trim().min(1).max(128),
  email: z.email().max(254),
  tenantId: refSchema.nullish(),
  roleId: refSchema.nullish(),
});
export type UserInvite = z.infer<typeof userInviteSchema>;

/** One open sign-in session of a user, without its secrets. */
export const userSessionSchema = z.object({
  id: z.uuid(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  method: z.string(),
  createdAt: isoTimeSchema,
  lastUsedAt: isoTimeSchema,
  expiresAt: isoTimeSchema,
  impersonatedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type UserSession = z.infer<typeof userSessionSchema>;

/** One audit log row about the user or by the user. */
export const auditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  userId: z.number().int().nullable().describe('who acted'),
  objectType: z.string().nullable(),
  objectId: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: isoTimeSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = pageSchema(auditEntrySchema);

const deviceItem = z.object({ id: z.number().int(), name: z.string(), uniqueId: z.string(), status: z.string() });

/** GET /api/v2/user/{id}/details: profile, role, tenant, sessions, devices, sign-in and second factors, audit. */
export const userDetailsSchema = z.object({
  user: userSchema,
  role: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  tenant: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  lastLoginAt: isoTimeSchema.nullable(),
  twoFactor: z.object({ totp: z.boolean(), emailOtp: z.boolean() }),
  sessions: z.array(userSessionSchema),
  devices: pageSchema(deviceItem),
  audit: auditPageSchema,
});
export type UserDetails = z.infer<typeof userDetailsSchema>;

/** Answer of POST /api/v2/user/{id}/impersonate and /user/impersonation/end: the new session's user and tokens. */
export const impersonationSchema = z.object({ user: userSchema, ...tokensSchema.shape });
