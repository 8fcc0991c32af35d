import { sentCommandSchema } from '@waymark/contracts/command';
import { commandTypeSchema, savedCommandSchema } from '@waymark/contracts/saved-command';
import { z } from 'zod';
import { http } from '../../api/http';

const savedCommandsSchema = z.array(savedCommandSchema);
const commandTypesSchema = z.array(commandTypeSchema);

/** GET /api/commands/send?deviceId=: the saved commands this device's protocol can take. */
export function fetchSendableCommands(deviceId: number) {
  return http(`/api/commands/send?deviceId=${deviceId}`, { schema: savedCommandsSchema });
}

/**
 * GET /api/commands/types: the command types the device's protocol encodes (every type without a device, or
 * while its protocol is not known), else those of the `protocol` named; with `textChannel`, those it can send by SMS.
 */
export function fetchCommandTypes(deviceId: number | null, textChannel = false, protocol: string | null = null) {
  const query = new URLSearchParams();
  if (deviceId !== null) query.set('deviceId', String(deviceId));
  else if (protocol !== null) query.set('protocol', protocol);
  if (textChannel) query.set('textChannel', 'true');
  const search = query.toString();
  return http(`/api/commands/types${search ? `?${search}` : ''}`, { schema: commandTypesSchema });
}

export interface SendCommandRequest {
  deviceId: number;
  /** A saved command's id; absent for an ad-hoc command. */
  id?: number;
  type?: string;
  attributes: Record<string, string | number | boolean>;
  expiresAt?: string;
}

/** POST /api/commands/send: sent at once (status SENT, HTTP 200) or queued until the device connects (202). */
export function sendCommand(request: SendCommandRequest) {
  return http('/api/commands/send', { method: 'POST', body: request, schema: sentCommandSchema });
}
