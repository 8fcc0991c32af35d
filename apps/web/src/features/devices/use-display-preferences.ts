import type { Server } from '@waymark/contracts/session';
import type { User } from '@waymark/contracts/user';
import { type CoordinateFormat, coordinateFormatOf } from '../../lib/format/coordinates';
import { type UnitPreferences, unitPreferences } from '../../lib/format/units';
import { useServerQuery } from '../auth/auth.queries';
import { useCurrentUser } from '../auth/session-context';

export interface DisplayPreferences {
  units: UnitPreferences;
  coordinates: CoordinateFormat;
}

/** Units and coordinate format: the user's preferences, else the server's, else defaults. */
export function displayPreferences(user: User | null, server: Server | undefined): DisplayPreferences {
  return {
    units: unitPreferences(user?.attributes ?? {}, server?.attributes ?? {}),
    coordinates: coordinateFormatOf(user?.coordinateFormat, server?.coordinateFormat),
  };
}

/** The signed-in user's display preferences (behind the session gate only). */
export function useDisplayPreferences(): DisplayPreferences {
  return displayPreferences(useCurrentUser(), useServerQuery().data);
}

/** Display preferences of a signed-out viewer (the share page): the server's, else defaults. */
export function useServerDisplayPreferences(): DisplayPreferences {
  return displayPreferences(null, useServerQuery().data);
}
