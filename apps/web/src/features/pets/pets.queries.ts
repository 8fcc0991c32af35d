import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PetProfileInput } from '@waymark/contracts/pet';
import type { PetPeriodParams, PetReportKind } from './pets.api';
import { fetchPetProfile, fetchPetReport, fetchPets, savePetProfile } from './pets.api';

/** Query keys of the pets feature; every key starts with `petKeys.all`. */
export const petKeys = {
  all: ['pets'] as const,
  list: () => [...petKeys.all, 'list'] as const,
  profile: (id: number) => [...petKeys.all, 'profile', id] as const,
  report: (kind: PetReportKind, id: number, period: PetPeriodParams) =>
    [...petKeys.all, 'report', kind, id, period] as const,
};

export const usePetsQuery = () => useQuery({ queryKey: petKeys.list(), queryFn: fetchPets });

export const usePetProfileQuery = (id: number | null) =>
  useQuery({ queryKey: petKeys.profile(id ?? 0), queryFn: () => fetchPetProfile(id as number), enabled: id !== null });

export function usePetReportQuery<K extends PetReportKind>(kind: K, id: number | null, period: PetPeriodParams) {
  return useQuery({
    queryKey: petKeys.report(kind, id ?? 0, period),
    queryFn: () => fetchPetReport(kind, id as number, period),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

/** Saving a profile changes its goals, hence every report of the pet. */
export function useSavePetProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: PetProfileInput }) => savePetProfile(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: petKeys.all }),
  });
}
