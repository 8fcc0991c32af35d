import { type MaintenanceInput, maintenanceSchema, type ReminderInput } from '@waymark/contracts/maintenance';
import { z } from 'zod';
import { http } from '../../api/http';

const list = z.array(maintenanceSchema);

/** Maintenance only: reminders are listed on their own page. */
export const fetchMaintenance = () => http('/api/maintenance?reminders=false', { schema: list });

export const saveMaintenance = (id: number | undefined, input: MaintenanceInput) =>
  http(id === undefined ? '/api/maintenance' : `/api/maintenance/${id}`, {
    method: id === undefined ? 'POST' : 'PUT',
    body: input,
    schema: maintenanceSchema,
  });

export async function deleteMaintenance(id: number): Promise<void> {
  await http(`/api/maintenance/${id}`, { method: 'DELETE' });
}

export const fetchReminders = () => http('/api/reminders', { schema: list });

/** The server forces attributes.isReminder; it is sent anyway so the body is whole on its own. */
export const saveReminder = (id: number | undefined, input: ReminderInput) =>
  http(id === undefined ? '/api/reminders' : `/api/reminders/${id}`, {
    method: id === undefined ? 'POST' : 'PUT',
    body: { ...input, attributes: { ...input.attributes, isReminder: true } },
    schema: maintenanceSchema,
  });

export async function deleteReminder(id: number): Promise<void> {
  await http(`/api/reminders/${id}`, { method: 'DELETE' });
}
