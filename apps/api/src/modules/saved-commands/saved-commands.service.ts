import type { ListQuery } from '@waymark/contracts/common';
import { messages } from '@waymark/contracts/errors';
import type { SavedCommandInput } from '@waymark/contracts/saved-command';
import { COMMAND_TYPES, checkParameters } from '@waymark/contracts/saved-command';
import type { Command, Prisma } from '@waymark/db/client';
import { protocolCapabilities } from '@waymark/protocols/catalogue';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest, forbidden } from '../../http-error';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext } from '../../plugins/app/auth-context';
import { protocolSupports, supportedTypes } from '../commands/command-support';
import { latestPositionOf } from '../positions/positions.service';
import { linkedResource, newRowTenant } from '../shared/linked-resources';
import { presentSavedCommand } from './saved-commands.presenter';

const BY_ID = { id: 'asc' } satisfies Prisma.CommandOrderByWithRelationInput;

const savedCommands = linkedResource({
  kind: 'command',
  model: (db: Prisma.TransactionClient) => db.command,
  notFound: 'Command not found',
  audit: { action: 'savedCommand', objectType: 'command' },
  orderBy: BY_ID,
  links: {
    group: (groupId) => ({ groups: { some: { groupId } } }),
    device: (deviceId) => ({ devices: { some: { deviceId } } }),
    keyword: (keyword) => ({ description: { contains: keyword, mode: 'insensitive' } }),
  },
});

const parametersSchema = z
  .object({ type: z.string(), attributes: z.record(z.string(), z.unknown()) })
  .superRefine((v, ctx) => checkParameters(v.type, v.attributes, ctx));

/** A change's merged type and parameters, checked like a new command's (400 naming the parameter). */
function checkMerged(type: string, attributes: Record<string, unknown>) {
  const parsed = parametersSchema.safeParse({ type, attributes });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(`${issue?.path.join('.') ?? 'attributes'}: ${issue?.message ?? 'invalid'}`);
  }
}

/** The device (404 when not the caller's) and its protocol, from its latest position (null: not known yet). */
async function deviceProtocol(auth: AuthContext, deviceId: number) {
  const device = found(await auth.db.device.findUnique({ where: { id: deviceId } }), messages.deviceNotFound);
  if (device.positionId === null) return { device, protocol: null };
  const latest = await auth.db.position.findFirst({
    where: latestPositionOf({ ...device, positionId: device.positionId }),
    select: { protocol: true },
  });
  return { device, protocol: latest?.protocol ?? null };
}

/**
 * An account limited to saved commands (`limitCommands`) may not write them either, as in Traccar: otherwise it
 * could save any command and then send it.
 */
function checkMayEdit(auth: AuthContext): void {
  if (auth.user.limitCommands && !auth.user.administrator) {
    throw forbidden('Only saved commands may be sent from this account');
  }
}

export const listSavedCommands = (auth: AuthContext, q: ListQuery) => savedCommands.list(auth, q);
export const getSavedCommand = savedCommands.get;

export async function deleteSavedCommand(ctx: AppContext, auth: AuthContext, id: number): Promise<void> {
  checkMayEdit(auth);
  await savedCommands.remove(ctx, auth, id);
}

export async function createSavedCommand(
  ctx: AppContext,
  auth: AuthContext,
  input: SavedCommandInput,
): Promise<Command> {
  checkMayEdit(auth);
  return savedCommands.create(ctx, auth, {
    tenantId: newRowTenant(auth, input.tenantId),
    description: input.description,
    type: input.type,
    textChannel: input.textChannel ?? false,
    attributes: input.attributes ?? {},
  });
}

/** Changes the fields sent; the type and parameters the row ends up with are checked together. */
export async function updateSavedCommand(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  input: Partial<SavedCommandInput>,
): Promise<Command> {
  checkMayEdit(auth);
  const current = await savedCommands.get(auth, id);
  const attributes = input.attributes ?? (current.attributes as Record<string, unknown>);
  checkMerged(input.type ?? current.type, attributes);
  const data: Prisma.CommandUncheckedUpdateInput = {};
  if (input.description !== undefined) data.description = input.description;
  if (input.type !== undefined) data.type = input.type;
  if (input.textChannel !== undefined) data.textChannel = input.textChannel;
  if (input.attributes !== undefined) data.attributes = input.attributes;
  return savedCommands.update(ctx, auth, current.id, data);
}

/**
 * The saved commands of the device's tenant that its protocol can carry (all of them while the protocol is not
 * known yet): a text-channel command needs the protocol to send its type as text, another one to encode it.
 */
export async function commandsForDevice(auth: AuthContext, deviceId: number): Promise<Command[]> {
  const { device, protocol } = await deviceProtocol(auth, deviceId);
  const rows = await auth.db.command.findMany({ where: { tenantId: device.tenantId }, orderBy: BY_ID });
  if (!protocol) return rows;
  return rows.filter((row) => {
    const c = presentSavedCommand(row);
    if (c.textChannel) return (supportedTypes(protocol, [c.type], true) ?? [c.type]).length > 0;
    return protocolSupports(protocol, c.type, c.attributes) !== false;
  });
}

/**
 * The command types a protocol supports: the named device's protocol, else the named protocol (Traccar's
 * `protocol`, a 400 when the catalogue does not know it); every type when neither is named or the device's
 * protocol is not known yet.
 */
export async function commandTypesFor(
  auth: AuthContext,
  q: { deviceId?: number | undefined; protocol?: string | undefined; textChannel: boolean },
): Promise<string[]> {
  let protocol: string | null = null;
  if (q.deviceId) protocol = (await deviceProtocol(auth, q.deviceId)).protocol;
  else if (q.protocol !== undefined) {
    if (!protocolCapabilities(q.protocol)) throw badRequest(`Unknown protocol: ${q.protocol}`);
    protocol = q.protocol;
  }
  return (protocol && supportedTypes(protocol, COMMAND_TYPES, q.textChannel)) || [...COMMAND_TYPES];
}
