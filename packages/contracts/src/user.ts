import { z } from 'zod';
import { attributesSchema, int4, real, text, timeSchema } from './common';
import { permissionSchema } from './permissions';

const isoDate = z.string().describe('ISO-8601 time in UTC');

/** A user as the API presents it (Traccar's user fields plus Waymark's tenancy). */
export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  tenantId: z.number().int().nullable(),
  roleId: z.number().int().nullable(),
  administrator: z.boolean(),
  readonly: z.boolean(),
  deviceReadonly: z.boolean(),
  limitCommands: z.boolean(),
  disableReports: z.boolean(),
  fixedEmail: z.boolean(),
  disabled: z.boolean(),
  active: z.boolean(),
  temporary: z.boolean(),
  expirationTime: isoDate.nullable(),
  deviceLimit: z.number().int().describe('-1 means unlimited'),
  userLimit: z.number().int(),
  totpEnabled: z.boolean(),
  emailOtp: z.boolean(),
  map: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  zoom: z.number().int(),
  coordinateFormat: z.string().nullable(),
  poiLayer: z.string().nullable(),
  attributes: z.record(z.string(), z.unknown()),
  permissions: z.array(permissionSchema).describe('effective permission flags of the user'),
  createdAt: isoDate,
  /** set when an administrator opened this session as the user ("connect as user"): the web app marks it */
  impersonatedBy: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
});
export type User = z.infer<typeof userSchema>;

const password = text().min(8, 'Password must have at least 8 characters').max(256);

/** Fields an administrator may set on a user (create and update). */
export const userInputSchema = z.object({
  name: text().trim().min(1).max(128),
  email: z.email().max(254),
  password: password.optional(),
  phone: text().max(64).nullish(),
  tenantId: int4().nullish(),
  roleId: int4().nullish(),
  administrator: z.boolean().optional(),
  readonly: z.boolean().optional(),
  deviceReadonly: z.boolean().optional(),
  limitCommands: z.boolean().optional(),
  disableReports: z.boolean().optional(),
  fixedEmail: z.boolean().optional(),
  disabled: z.boolean().optional(),
  active: z.boolean().optional(),
  temporary: z.boolean().optional(),
  expirationTime: timeSchema.nullish(),
  deviceLimit: int4().min(-1).optional(),
  userLimit: int4().min(-1).optional(),
  emailOtp: z.boolean().optional(),
  map: text().max(128).nullish(),
  latitude: real().min(-90).max(90).optional(),
  longitude: real().min(-180).max(180).optional(),
  zoom: int4().min(0).max(22).optional(),
  coordinateFormat: text().max(32).nullish(),
  poiLayer: text().max(512).nullish(),
  attributes: attributesSchema.optional(),
});
export type UserInput = z.infer<typeof userInputSchema>;
/**
 * A user update. `currentPassword` is required when users change their own password or email, or switch their
 * emailed sign-in code off.
 */
export const userUpdateSchema = userInputSchema.partial().extend({
  currentPassword: z.string().max(256).optional(),
});

export const registrationSchema = z.object({
  name: text().trim().min(1).max(128),
  email: z.email().max(254),
  password,
});
