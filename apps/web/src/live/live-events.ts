import { useQuery } from '@tanstack/react-query';
import type { Event } from '@waymark/contracts/event';
import { liveKeys } from './live-keys';

/** The newest 50 events the websocket brought since sign-in (newest first). */
export function useLiveEvents() {
  return useQuery<Event[]>({
    queryKey: liveKeys.events(),
    queryFn: () => [],
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}
