import { useMemo } from 'react';
import { displayPreferences } from '../../lib/preferences';
import { trailSettings } from '../../live/live-trails';
import { useServerQuery } from '../auth/auth.queries';
import { useCurrentUser } from '../auth/session-context';

/** Units and coordinate format (as every page shows them), live-route settings and the custom tile URL: the user's, else the server's. */
export function useMapPreferences() {
  const user = useCurrentUser();
  const server = useServerQuery().data;
  return useMemo(() => {
    const display = displayPreferences(user, server);
    return {
      units: display.units,
      coordinateFormat: display.coordinates,
      trails: trailSettings(user.attributes, server?.attributes ?? {}),
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
