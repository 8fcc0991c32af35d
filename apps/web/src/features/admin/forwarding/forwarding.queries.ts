import { useQuery } from '@tanstack/react-query';
import { fetchForwarding, fetchForwardingStatus } from './forwarding.api';

/** How often a target's delivery status reloads while the page is open. */
export const STATUS_REFRESH_MS = 5_000;

export const forwardingKeys = {
  all: ['adminForwarding'] as const,
  list: () => [...forwardingKeys.all, 'list'] as const,
  status: (id: number) => [...forwardingKeys.all, 'status', id] as const,
};

export const useForwardingQuery = () => useQuery({ queryKey: forwardingKeys.list(), queryFn: fetchForwarding });

/** A target's outbox and delivery state, reloaded every few seconds. */
export const useForwardingStatusQuery = (id: number) =>
  useQuery({
    queryKey: forwardingKeys.status(id),
    queryFn: () => fetchForwardingStatus(id),
    refetchInterval: STATUS_REFRESH_MS,
  });
