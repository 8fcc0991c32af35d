import type { CommandMessage } from '@waymark/contracts/bus';
import { errorMessage } from './frame-pipeline';
import type { IngestContext } from './ingest-context';

/**
 * Every ingest node receives every command; the node holding the device's session encodes and sends it, the
 * others return at once.
 */
export function deliverCommand(ctx: IngestContext, command: CommandMessage): void {
  const channel = ctx.devices.get(command.uniqueId);
  if (!channel) return;
  const log = ctx.logger.child({
    commandId: command.id,
    uniqueId: command.uniqueId,
    type: command.type,
    protocol: channel.protocol.name,
  });
  const encoder = channel.protocol.encoder;
  if (!encoder) {
    log.warn('protocol has no command encoder; command not sent');
    return;
  }
  let data: Buffer | string | null;
  try {
    data = encoder(command, channel.session);
  } catch (err) {
    log.warn({ err: errorMessage(err) }, 'command could not be encoded');
    return;
  }
  if (data === null) {
    log.warn('command type not supported by the protocol; not sent');
    return;
  }
  channel.deliver(data);
  log.info('command sent to the device');
}
