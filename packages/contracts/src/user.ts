import { z } from 'zod';
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
});
export type User = z.infer<typeof userSchema>;

const password = z.string().min(8, 'Password must have at least 8 characters').max(256);

/** Fields an administrator may set on a user (create and update). */
export const userInputSchema = z.object({
  name: z.string().trim().min(1).max(128),
  email: z.email().max(254),
  password: password.optional(),
  phone: z.string().max(64).nullish(),
  tenantId: z.number().int().nullish(),
  roleId: z.number().int().nullish(),
  administrator: z.boolean().optional(),
  readonly: z.boolean().optional(),
  deviceReadonly: z.boolean().optional(),
  limitCommands: z.boolean().optional(),
  disableReports: z.boolean().optional(),
  fixedEmail: z.boolean().optional(),
  disabled: z.boolean().optional(),
  active: z.boolean().optional(),
  temporary: z.boolean().optional(),
  expirationTime: isoDate.nullish(),
  deviceLimit: z.number().int().min(-1).optional(),
  userLimit: z.number().int().min(-1).optional(),
  emailOtp: z.boolean().optional(),
  map: z.string().max(128).nullish(),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
  zoom: z.number().int().min(0).max(22).optional(),
  coordinateFormat: z.string().max(32).nullish(),
  poiLayer: z.string().max(512).nullish(),
  attributes: z.record(z.string(), z.unknown()).optional(),
});
export type UserInput = z.infer<typeof userInputSchema>;
export const userUpdateSchema = userInputSchema.partial();

export const registrationSchema = z.object({
  name: z.string().trim().min(1).max(128),
  email: z.email().max(254),
  password,
});
