import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DriverDto, DriverInput } from '@waymark/contracts/driver';
import { createDriver, deleteDriver, fetchDrivers, updateDriver } from './drivers.api';

/** Query keys of the drivers feature; every key starts with `driverKeys.all`. */
export const driverKeys = {
  all: ['drivers'] as const,
  list: () => [...driverKeys.all, 'list'] as const,
};

export const useDriversQuery = () => useQuery({ queryKey: driverKeys.list(), queryFn: fetchDrivers });

export function useSaveDriverMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ driver, input }: { driver?: DriverDto; input: DriverInput }) =>
      driver ? updateDriver(driver, input) : createDriver(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: driverKeys.all }),
  });
}

export function useDeleteDriverMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDriver,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: driverKeys.all }),
  });
}
