import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteInput } from '@waymark/contracts/route';
import { createRoute, deleteRoute, fetchRoutes, updateRoute } from './planned-routes.api';

export const routeKeys = { all: ['planned-routes'] as const };

export function useRoutesQuery() {
  return useQuery({ queryKey: routeKeys.all, queryFn: fetchRoutes });
}

export function useSaveRouteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: RouteInput }) =>
      id ? updateRoute(id, input) : createRoute(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: routeKeys.all }),
  });
}

export function useDeleteRouteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRoute,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: routeKeys.all }),
  });
}
