import { z } from 'zod';
import { attributesSchema, int4, real, text } from './common';
import { retentionDaysSchema } from './retention';
import { userSchema } from './user';

/** POST /api/session: form or JSON. `code` is the second-factor code when one is asked for. */
export const signInSchema = z.object({
  email: text().trim().min(1).max(254),
  password: text().min(1).max(256),
  code: text().trim().max(16).optional(),
  /** "remember me" (default true); forms send 'true'/'false'/'on' */
  remember: z.union([z.boolean(), z.enum(['true', 'false', 'on']).transform((v) => v !== 'false')]).optional(),
});

/**
 * Tokens handed out on sign-in and refresh. The refresh token travels only in the HttpOnly session cookie (never in
 * a body a script could read); POST /api/session/refresh exchanges it.
 */
export const tokensSchema = z.object({
  accessToken: z.string().describe('short-lived JWT, send as Authorization: Bearer'),
  accessTokenExpiresAt: z.string().describe('ISO-8601'),
});
/** A new session's tokens as the API holds them: the body's tokens and the refresh token meant for the cookie. */
export type Tokens = z.infer<typeof tokensSchema> & { refreshToken: string };

/** Sign-in answer: the user (Traccar's shape) with the tokens beside its fields. */
export const signInResponseSchema = userSchema.extend(tokensSchema.shape);
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/** 401 answer when a second factor is needed (with header WWW-Authenticate: TOTP). */
export const codeRequiredSchema = z.object({
  message: z.string(),
  codeKind: z.enum(['totp', 'email']).describe('totp: authenticator app; email: a 6-digit code was mailed'),
});
export type CodeKind = z.infer<typeof codeRequiredSchema>['codeKind'];

export const refreshSchema = z.object({ refreshToken: text().min(1).optional() });

export const passwordResetRequestSchema = z.object({ email: text().trim().min(1).max(254) });
export const passwordUpdateSchema = z.object({
  token: text().min(1).max(512),
  password: text().min(8, 'Password must have at least 8 characters').max(256),
});

export const totpSetupSchema = z.object({
  secret: z.string().describe('base32 secret'),
  uri: z.string().describe('otpauth:// URI for authenticator apps'),
});
export const totpCodeSchema = z.object({
  code: text()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
});

/** The signed-in user's password, asked again before a change of credentials or second factor. */
export const currentPasswordSchema = z.string().min(1, 'Enter your current password').max(256);

/** Turning TOTP on or off: a code of the authenticator and the current password. */
export const totpChangeSchema = totpCodeSchema.extend({ currentPassword: currentPasswordSchema });

/** One API token of the signed-in user (GET /api/session/tokens); the token itself is never shown again. */
export const apiTokenSchema = z.object({
  id: z.uuid(),
  createdAt: z.string().describe('ISO-8601'),
  expiresAt: z.string().nullable().describe('ISO-8601; null: until revoked'),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** GET /api/server (public part read before sign-in). */
export const serverSchema = z.object({
  id: int4(),
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
  map: text().nullable(),
  mapUrl: text().nullable(),
  bingKey: text().nullable(),
  poiLayer: text().nullable(),
  announcement: text().nullable(),
  latitude: real(),
  longitude: real(),
  zoom: int4(),
  coordinateFormat: text().nullable(),
  twelveHourFormat: z.boolean().describe('times as 1:30 pm where the user has no setting of their own'),
  overlayUrl: text().nullable().describe('a tile layer drawn over the map'),
  retentionDays: retentionDaysSchema.describe('days of positions and events kept; null keeps them'),
  attributes: attributesSchema,
  openIdEnabled: z.boolean(),
  openIdForce: z.boolean(),
  emailEnabled: z
    .boolean()
    .describe('the server can send mail (SMTP_HOST set): password reset links, mail notifications'),
  textEnabled: z.boolean().describe('the server can send text messages (WAYMARK_SMS_URL set)'),
  geocoderEnabled: z.boolean().describe('addresses are looked up on demand (GET /api/server/geocode)'),
  version: text(),
});
export type Server = z.infer<typeof serverSchema>;

/** GET /api/server/geocode: the place whose address is asked. */
export const geocodeQuerySchema = z.object({
  latitude: z.coerce.number().min(-90).max(90).describe('degrees, WGS-84'),
  longitude: z.coerce.number().min(-180).max(180).describe('degrees, WGS-84'),
});
