import type { SavedCommandDto } from '@waymark/contracts/saved-command';
import type { Command } from '@waymark/db/client';

type Value = string | number | boolean;

/** Keeps the scalar attributes (the only kind a command carries). */
function scalars(json: unknown): Record<string, Value> {
  const out: Record<string, Value> = {};
  if (!json || typeof json !== 'object') return out;
  for (const [key, value] of Object.entries(json)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[key] = value;
  }
  return out;
}

export function presentSavedCommand(row: Command): SavedCommandDto {
  return {
    id: row.id,
    description: row.description,
    type: row.type,
    textChannel: row.textChannel,
    tenantId: row.tenantId,
    attributes: scalars(row.attributes),
  };
}
