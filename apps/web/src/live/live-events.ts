import { useQuery } from '@tanstack/react-query';
import { type LiveEvent, liveKeys } from './live-keys';

/** The newest 50 events the websocket brought since sign-in (newest first). */
export function useLiveEvents() {
  return useQuery<LiveEvent[]>({
    queryKey: liveKeys.events(),
    queryFn: () => [],
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}
