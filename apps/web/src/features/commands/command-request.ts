import { sendCommandSchema } from '@waymark/contracts/command';
import { type CommandParameter, commandParameterSchemas, REQUIRED_PARAMETERS } from '@waymark/contracts/saved-command';
import type { SendCommandRequest } from './commands.api';

export type CommandMode = 'saved' | 'custom';

export interface CommandDraft {
  deviceId: string | null;
  mode: CommandMode;
  savedId: string | null;
  type: string | null;
  parameters: Partial<Record<CommandParameter, string | number | boolean>>;
  /** datetime-local text (the user's time zone), empty for no expiry. */
  expiresAt: string;
}

/** Error keys (devices namespace) by field; parameter errors under `parameters.<name>`. */
export type DraftErrors = Record<string, string>;

/** The parameters a command type asks for in the form. */
export function parametersOf(type: string | null): readonly CommandParameter[] {
  return type ? (REQUIRED_PARAMETERS[type] ?? []) : [];
}

/** A timezone is an offset in seconds or a zone name; the text field gives both as text. */
function normalise(name: CommandParameter, value: string | number | boolean) {
  if (name === 'timezone' && typeof value === 'string' && /^[+-]?\d+$/.test(value.trim())) return Number(value);
  return value;
}

/**
 * The parameters a type asks for, checked with the contract's schemas: the attributes to send, or the errors
 * (translation keys, devices namespace) under `parameters.<name>`. A switch left untouched is off.
 */
export function checkCommandParameters(
  type: string | null,
  parameters: CommandDraft['parameters'],
): { attributes: Record<string, string | number | boolean>; errors: DraftErrors } {
  const attributes: Record<string, string | number | boolean> = {};
  const errors: DraftErrors = {};
  for (const name of parametersOf(type)) {
    const raw = parameters[name];
    const value = raw === undefined && name === 'enable' ? false : raw;
    if (value === undefined || value === '') {
      errors[`parameters.${name}`] = 'command.errors.parameterRequired';
      continue;
    }
    const parsed = commandParameterSchemas[name].safeParse(normalise(name, value));
    if (parsed.success) attributes[name] = parsed.data;
    else errors[`parameters.${name}`] = 'command.errors.parameterInvalid';
  }
  return { attributes, errors };
}

/**
 * Checks a draft with the contract's parameter schemas and builds POST /api/commands/send's body,
 * or returns the errors (translation keys) by field.
 */
export function buildCommandRequest(
  draft: CommandDraft,
): { ok: true; request: SendCommandRequest } | { ok: false; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const deviceId = draft.deviceId ? Number(draft.deviceId) : Number.NaN;
  if (!Number.isInteger(deviceId) || deviceId <= 0) errors.deviceId = 'command.errors.deviceRequired';
  let expiresAt: string | undefined;
  if (draft.expiresAt) {
    const time = new Date(draft.expiresAt);
    if (Number.isNaN(time.getTime())) errors.expiresAt = 'command.errors.expiryInvalid';
    else if (time.getTime() <= Date.now()) errors.expiresAt = 'command.errors.expiryPast';
    else expiresAt = time.toISOString();
  }
  if (draft.mode === 'saved') {
    if (!draft.savedId) errors.savedId = 'command.errors.savedRequired';
    if (Object.keys(errors).length > 0) return { ok: false, errors };
    return { ok: true, request: { deviceId, id: Number(draft.savedId), attributes: {}, expiresAt } };
  }
  if (!draft.type) errors.type = 'command.errors.typeRequired';
  const { attributes, errors: parameterErrors } = checkCommandParameters(draft.type, draft.parameters);
  Object.assign(errors, parameterErrors);
  if (Object.keys(errors).length > 0 || !draft.type) return { ok: false, errors };
  const request: SendCommandRequest = { deviceId, type: draft.type, attributes, expiresAt };
  // The contract's own check (type required for an ad-hoc command, id and device shapes).
  if (!sendCommandSchema.safeParse(request).success)
    return { ok: false, errors: { type: 'command.errors.typeRequired' } };
  return { ok: true, request };
}
