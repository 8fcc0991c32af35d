import { useMemo } from 'react';
import { coordinateFormatOf } from '../../lib/format/coordinates';
import { unitPreferences } from '../../lib/format/units';
import { trailSettings } from '../../live/live-trails';
import { useServerQuery } from '../auth/auth.queries';
import { useCurrentUser } from '../auth/session-context';

/** Units, coordinate format, live-route settings and the custom tile URL: the user's, else the server's. */
export function useMapPreferences() {
  const user = useCurrentUser();
  const server = useServerQuery().data;
  return useMemo(() => {
    const serverAttributes = server?.attributes ?? {};
    return {
      units: unitPreferences(user.attributes, serverAttributes),
      coordinateFormat: coordinateFormatOf(user.coordinateFormat, server?.coordinateFormat),
      trails: trailSettings(user.attributes, serverAttributes),
      customTileUrl: server?.mapUrl || null,
      center: (user.latitude || user.longitude
        ? [user.latitude, user.longitude]
        : server?.latitude || server?.longitude
          ? [server.latitude, server.longitude]
          : [20, 0]) as [number, number],
      zoom: user.zoom || server?.zoom || 2,
      /** the user or the server chose where the map opens; otherwise it opens on the fleet */
      presetView: Boolean(user.zoom || server?.zoom),
      shareDisabled: server?.disableShare ?? false,
    };
  }, [user, server]);
}

export type MapPreferences = ReturnType<typeof useMapPreferences>;
