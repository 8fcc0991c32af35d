import { z } from 'zod';
import { userSchema } from './user';

/** POST /api/session: form or JSON. `code` is the second-factor code when one is asked for. */
export const signInSchema = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(256),
  code: z.string().trim().max(16).optional(),
  /** "remember me" (default true); forms send 'true'/'false'/'on' */
  remember: z.union([z.boolean(), z.enum(['true', 'false', 'on']).transform((v) => v !== 'false')]).optional(),
});

/** Tokens handed out on sign-in and refresh. The refresh token also travels in an HttpOnly cookie. */
export const tokensSchema = z.object({
  accessToken: z.string().describe('short-lived JWT, send as Authorization: Bearer'),
  accessTokenExpiresAt: z.string().describe('ISO-8601'),
  refreshToken: z.string().describe('opaque; POST /api/session/refresh exchanges it'),
});
export type Tokens = z.infer<typeof tokensSchema>;

/** Sign-in answer: the user (Traccar's shape) with the tokens beside its fields. */
export const signInResponseSchema = userSchema.extend(tokensSchema.shape);
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/** 401 answer when a second factor is needed (with header WWW-Authenticate: TOTP). */
export const codeRequiredSchema = z.object({
  message: z.string(),
  codeKind: z.enum(['totp', 'email']).describe('totp: authenticator app; email: a 6-digit code was mailed'),
});
export type CodeKind = z.infer<typeof codeRequiredSchema>['codeKind'];

export const refreshSchema = z.object({ refreshToken: z.string().min(1).optional() });

export const passwordResetRequestSchema = z.object({ email: z.string().trim().min(1).max(254) });
export const passwordUpdateSchema = z.object({
  token: z.string().min(1).max(512),
  password: z.string().min(8, 'Password must have at least 8 characters').max(256),
});

export const totpSetupSchema = z.object({
  secret: z.string().describe('base32 secret'),
  uri: z.string().describe('otpauth:// URI for authenticator apps'),
});
export const totpCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
});

/** GET /api/server (public part read before sign-in). */
export const serverSchema = z.object({
  id: z.number().int(),
  registration: z.boolean(),
  readonly: z.boolean(),
  deviceReadonly: z.boolean(),
  limitCommands: z.boolean(),
  disableReports: z.boolean(),
  forceSettings: z.boolean(),
  fixedEmail: z.boolean(),
  disableShare: z.boolean(),
  emailOtp: z.boolean(),
  registerUnknown: z.boolean().describe('positions of unknown device ids create the device in platform stock'),
  map: z.string().nullable(),
  mapUrl: z.string().nullable(),
  bingKey: z.string().nullable(),
  poiLayer: z.string().nullable(),
  announcement: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  zoom: z.number().int(),
  coordinateFormat: z.string().nullable(),
  attributes: z.record(z.string(), z.unknown()),
  openIdEnabled: z.boolean(),
  openIdForce: z.boolean(),
  version: z.string(),
});
export type Server = z.infer<typeof serverSchema>;
