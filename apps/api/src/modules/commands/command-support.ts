import { commandParameterSchemas, REQUIRED_PARAMETERS } from '@waymark/contracts/saved-command';
import { protocolCapabilities } from '@waymark/protocols/catalogue';

/** The command's parameters are there and well formed: an encoder encodes nothing without them. */
function parametersFit(type: string, attributes: Record<string, string | number | boolean>): boolean {
  if ((REQUIRED_PARAMETERS[type] ?? []).some((key) => attributes[key] === undefined)) return false;
  return Object.entries(commandParameterSchemas).every(
    ([key, schema]) => attributes[key] === undefined || schema.safeParse(attributes[key]).success,
  );
}

/**
 * Whether the protocol can encode a command of this type with these parameters (the protocol catalogue lists the
 * types its encoder takes); null when the protocol is unknown.
 */
export function protocolSupports(
  protocol: string,
  type: string,
  attributes: Record<string, string | number | boolean>,
): boolean | null {
  const capabilities = protocolCapabilities(protocol);
  if (!capabilities) return null;
  return (capabilities.commands as readonly string[]).includes(type) && parametersFit(type, attributes);
}

/**
 * The command types of `types` the protocol's encoder takes. Over the text channel (SMS): those it encodes as
 * text, and `custom` (any text). null when the protocol is unknown.
 */
export function supportedTypes(protocol: string, types: readonly string[], textChannel = false): string[] | null {
  const capabilities = protocolCapabilities(protocol);
  if (!capabilities) return null;
  const commands: readonly string[] = capabilities.commands;
  return types.filter((type) =>
    textChannel ? type === 'custom' || (capabilities.textCommands && commands.includes(type)) : commands.includes(type),
  );
}
