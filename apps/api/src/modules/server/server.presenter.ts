import type { Server as ServerDto } from '@waymark/contracts/session';
import type { Server } from '@waymark/db/client';
import type { AppContext } from '../../context';
import { GEOCODER_KEY_ATTRIBUTE, geocoderEnabled } from '../../geocoding/geocoder-settings';
import { smsChannel } from '../../notifications/channels/sms';
import { PREFERENCE_DEFAULTS } from './preferences';

/**
 * The server row as clients see it: preference attributes with their defaults (the geocoder's key left out: the
 * read is public), OpenID and geocoder flags, what this server can send (Traccar's emailEnabled, textEnabled) and
 * the version.
 */
export function presentServer(ctx: AppContext, row: Server): ServerDto {
  const { updatedAt: _u, disableServerChange: _d, ...rest } = row;
  const { [GEOCODER_KEY_ATTRIBUTE]: _k, ...attributes } = (row.attributes ?? {}) as Record<string, unknown>;
  return {
    ...rest,
    attributes: { ...PREFERENCE_DEFAULTS, ...attributes },
    openIdEnabled: Boolean(ctx.env.OIDC_ISSUER),
    openIdForce: Boolean(ctx.env.OIDC_ISSUER) && ctx.env.OIDC_FORCE,
    emailEnabled: Boolean(ctx.env.SMTP_HOST),
    textEnabled: smsChannel.configured(ctx.env),
    geocoderEnabled: geocoderEnabled(ctx.env, attributes),
    version: ctx.version,
  };
}
