import { type SavedCommandInput, savedCommandSchema } from '@waymark/contracts/saved-command';
import { z } from 'zod';
import { http } from '../../api/http';

export const fetchSavedCommands = () => http('/api/commands', { schema: z.array(savedCommandSchema) });

export const createSavedCommand = (input: SavedCommandInput) =>
  http('/api/commands', { method: 'POST', body: input, schema: savedCommandSchema });

export const updateSavedCommand = (id: number, input: SavedCommandInput) =>
  http(`/api/commands/${id}`, { method: 'PUT', body: input, schema: savedCommandSchema });

export async function deleteSavedCommand(id: number): Promise<void> {
  await http(`/api/commands/${id}`, { method: 'DELETE' });
}
