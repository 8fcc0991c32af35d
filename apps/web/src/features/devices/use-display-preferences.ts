import { type DisplayPreferences, displayPreferences } from '../../lib/preferences';
import { useServerQuery } from '../auth/auth.queries';
import { useCurrentUser } from '../auth/session-context';

/** The signed-in user's display preferences (behind the session gate only). */
export function useDisplayPreferences(): DisplayPreferences {
  return displayPreferences(useCurrentUser(), useServerQuery().data);
}

/** Display preferences of a signed-out viewer (the share page): the server's, else defaults. */
export function useServerDisplayPreferences(): DisplayPreferences {
  return displayPreferences(null, useServerQuery().data);
}
