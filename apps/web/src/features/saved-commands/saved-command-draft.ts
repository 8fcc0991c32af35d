import {
  type CommandParameter,
  commandParameterSchemas,
  type SavedCommandDto,
  type SavedCommandInput,
  savedCommandInputSchema,
} from '@waymark/contracts/saved-command';
import { type CommandDraft, checkCommandParameters, parametersOf } from '../commands/command-request';

type Value = string | number | boolean;

/** The saved command form's values. */
export interface SavedCommandDraft {
  description: string;
  type: string | null;
  textChannel: boolean;
  parameters: CommandDraft['parameters'];
}

/** Error keys by field, with their namespace (`parameters.<name>` for a parameter). */
export type SavedCommandErrors = Record<string, string>;

const isParameter = (key: string): key is CommandParameter => Object.hasOwn(commandParameterSchemas, key);

/** The form's values for a saved command (its type's parameters), or an empty form. */
export function draftOf(command?: SavedCommandDto): SavedCommandDraft {
  const parameters: CommandDraft['parameters'] = {};
  for (const name of parametersOf(command?.type ?? null)) {
    const value = command?.attributes[name];
    if (value !== undefined) parameters[name] = value;
  }
  return {
    description: command?.description ?? '',
    type: command?.type ?? null,
    textChannel: command?.textChannel ?? false,
    parameters,
  };
}

/**
 * The body of POST or PUT /api/commands, or the errors by field. Attributes the form does not show (set by
 * another client, such as Traccar's `noQueue`) are kept; the parameters of a former type are not.
 */
export function buildSavedCommandInput(
  draft: SavedCommandDraft,
  current?: SavedCommandDto,
): { ok: true; input: SavedCommandInput } | { ok: false; errors: SavedCommandErrors } {
  const errors: SavedCommandErrors = {};
  const description = draft.description.trim();
  if (!description) errors.description = 'savedCommands:errors.descriptionRequired';
  if (!draft.type) errors.type = 'devices:command.errors.typeRequired';
  const checked = checkCommandParameters(draft.type, draft.parameters);
  for (const [field, key] of Object.entries(checked.errors)) errors[field] = `devices:${key}`;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const kept: Record<string, Value> = {};
  for (const [key, value] of Object.entries(current?.attributes ?? {})) if (!isParameter(key)) kept[key] = value;
  const parsed = savedCommandInputSchema.safeParse({
    description,
    type: draft.type,
    textChannel: draft.textChannel,
    attributes: { ...kept, ...checked.attributes },
  });
  if (!parsed.success) {
    // what the form cannot check itself: a description too long, a type the server does not know
    for (const issue of parsed.error.issues) {
      const [head, name] = issue.path.map(String);
      errors[head === 'attributes' ? `parameters.${name}` : (head ?? 'type')] ??= 'savedCommands:errors.invalid';
    }
    return { ok: false, errors };
  }
  return { ok: true, input: parsed.data };
}
