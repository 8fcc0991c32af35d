import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MaintenanceInput, ReminderInput } from '@waymark/contracts/maintenance';
import {
  deleteMaintenance,
  deleteReminder,
  fetchMaintenance,
  fetchReminders,
  saveMaintenance,
  saveReminder,
} from './maintenance.api';

/** Query keys of the maintenance feature (maintenance and reminders); every key starts with `maintenanceKeys.all`. */
export const maintenanceKeys = {
  all: ['maintenance'] as const,
  list: () => [...maintenanceKeys.all, 'list'] as const,
  reminders: () => [...maintenanceKeys.all, 'reminders'] as const,
};

export const useMaintenanceQuery = () => useQuery({ queryKey: maintenanceKeys.list(), queryFn: fetchMaintenance });
export const useRemindersQuery = () => useQuery({ queryKey: maintenanceKeys.reminders(), queryFn: fetchReminders });

function useInvalidating<V>(mutationFn: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: maintenanceKeys.all }),
  });
}

export const useSaveMaintenanceMutation = () =>
  useInvalidating(({ id, input }: { id?: number; input: MaintenanceInput }) => saveMaintenance(id, input));
export const useDeleteMaintenanceMutation = () => useInvalidating(deleteMaintenance);
export const useSaveReminderMutation = () =>
  useInvalidating(({ id, input }: { id?: number; input: ReminderInput }) => saveReminder(id, input));
export const useDeleteReminderMutation = () => useInvalidating(deleteReminder);
