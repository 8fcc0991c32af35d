import { messages } from '@waymark/contracts/errors';
import { z } from 'zod';
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
