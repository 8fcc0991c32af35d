import { sendOrQueue } from '../../modules/commands/commands.service';
import { ruleCommandProblem } from '../command-authority';
import type { Channel } from './types';
import { DeliveryError } from './types';

type Attributes = Record<string, string | number | boolean>;

/**
 * The saved command of a `command` outbox row (the rule's at the time of the event) to the event's device, through
 * the API's command path: sent at once when the device is connected, queued until it next connects otherwise. One
 * per event and saved command, whoever the recipients; sent only while the rule's author may still send it.
 */
export const commandChannel: Channel = {
  type: 'command',
  configured: () => true,
  reaches: () => false,
  async send(ctx, { rule, device }) {
    if (!rule?.commandId) throw new DeliveryError('the rule has no saved command', false);
    if (!device) throw new DeliveryError('the event has no device', false);
    const problem = await ruleCommandProblem(ctx, rule.authorId, device.tenantId);
    if (problem) throw new DeliveryError(problem, false);
    const saved = await ctx.db.command.findFirst({ where: { id: rule.commandId, tenantId: device.tenantId } });
    if (!saved) throw new DeliveryError('the saved command no longer exists', false);
    const row = await ctx.db.device.findUnique({ where: { id: device.id } });
    if (!row || row.disabled) throw new DeliveryError('the device is disabled or gone', false);
    await sendOrQueue(ctx, row, {
      type: saved.type,
      attributes: (saved.attributes ?? {}) as Attributes,
      textChannel: saved.textChannel,
    });
  },
};
