import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PoiInput } from '@waymark/contracts/poi';
import { createPoi, deletePoi, fetchPois, importPois, updatePoi } from './pois.api';

export const poiKeys = { all: ['pois'] as const };

/** The caller's POIs; `enabled` false for callers without VIEW_POIS (the map's layer asks only when allowed). */
export function usePoisQuery(enabled = true) {
  return useQuery({ queryKey: poiKeys.all, queryFn: fetchPois, enabled, staleTime: 60_000 });
}

export function useSavePoiMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: PoiInput }) => (id ? updatePoi(id, input) : createPoi(input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: poiKeys.all }),
  });
}

export function useDeletePoiMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePoi,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: poiKeys.all }),
  });
}

export function useImportPoisMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importPois,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: poiKeys.all }),
  });
}
