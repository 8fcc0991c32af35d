import { messages } from '@waymark/contracts/errors';
import { z } from 'zod';
import { GEOCODER_TYPES } from '../../geocoding/providers';
import { HttpError } from '../../http-error';

/** Live route trails on the map: off, for the selected device, for every device. */
export const LIVE_ROUTE_MODES = ['none', 'selected', 'all'] as const;

/** Server-level defaults of the preference attributes; a user's own ones override. */
export const PREFERENCE_DEFAULTS = { mapLiveRoutes: 'none', 'web.liveRouteLength': 10 } as const;

const preferencesSchema = z
  .object({
    mapLiveRoutes: z.enum(LIVE_ROUTE_MODES).optional(),
    'web.liveRouteLength': z.coerce.number().int().min(1).max(10_000).optional(),
    language: z.string().max(16).optional(),
    notificationTokens: z.string().max(8_000).optional().describe('comma-separated Firebase tokens'),
    // the geocoder's settings (geocoding/geocoder-settings.ts); booleans and numbers also as text, as Traccar stores them
    'geocoder.enable': z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
    'geocoder.type': z.enum(GEOCODER_TYPES).optional(),
    'geocoder.url': z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(2_000)]).optional(),
    'geocoder.key': z.string().max(500).nullable().optional(),
    'geocoder.language': z.string().max(64).optional(),
    'geocoder.format': z.string().max(200).optional(),
    'geocoder.email': z.union([z.literal(''), z.email()]).optional(),
    'geocoder.rate': z.coerce.number().positive().max(1000).optional().describe('requests per second'),
  })
  .catchall(z.unknown());

/** Checks the preference keys a server or user attributes object carries (others pass as they are). */
export function checkPreferences(attributes: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (attributes === undefined) return undefined;
  const parsed = preferencesSchema.safeParse(attributes);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((i) => ({
    path: ['body', 'attributes', ...i.path].join('.'),
    message: i.message,
  }));
  throw new HttpError(400, messages.invalidParameters, { details });
}
