import type { DeviceStatusEvent, PositionMessage } from '@waymark/contracts/bus';
import { positionMessageSchema } from '@waymark/contracts/bus';
import { cellTowerSchema, type Network, networkSchema, wifiAccessPointSchema } from '@waymark/contracts/position';
import { checkedPosition } from '@waymark/contracts/position-check';
import type { DecodeResult, Decoder, SessionView, StreamProtocol } from '../protocols/protocol.types';
import { isHttpReply } from '../protocols/protocol.types';
import type { IngestContext } from './ingest-context';
import type { DeviceChannel, Session } from './session';

/**
 * After a frame is decoded: binds the session to the device it identified (publishing its status), completes the
 * positions (protocol, device, server time, node), checks them against the contract and publishes them. Resolves
 * when the bus has them, so that the caller acknowledges the device only then.
 */
export async function publishDecoded(
  ctx: IngestContext,
  session: Session,
  result: DecodeResult,
  channelFor: (uniqueId: string) => DeviceChannel,
): Promise<void> {
  if (result.state) session.state = result.state;
  if (result.uniqueId) await identify(ctx, session, result.uniqueId, channelFor(result.uniqueId));
  if (session.unlabelled && session.uniqueId) ctx.deviceLog?.identified(session);
  if (result.messages.length === 0) return;
  const positions: PositionMessage[] = [];
  let serverTime: string | undefined;
  for (const decoded of result.messages) {
    const uniqueId = decoded.uniqueId ?? session.uniqueId;
    if (!uniqueId) {
      ctx.logger.warn({ protocol: session.protocol, remote: session.remoteAddress }, 'position of no device dropped');
      continue;
    }
    serverTime ??= isoTime(session.receivedAt);
    // the common case, checked by hand; zod for anything else (and for its wording of the issues)
    const checked = checkedPosition(decoded, session.protocol, uniqueId, serverTime, ctx.nodeId);
    if (checked) {
      positions.push(checked);
      continue;
    }
    const candidate = { ...decoded, protocol: session.protocol, uniqueId, serverTime, nodeId: ctx.nodeId };
    let parsed = positionMessageSchema.safeParse(candidate);
    if (!parsed.success && parsed.error.issues.every((i) => i.path[0] === 'network')) {
      // an odd cell tower or access point must not cost the fix: keep the position without it
      parsed = positionMessageSchema.safeParse({ ...candidate, network: validNetwork(candidate.network) });
    }
    if (parsed.success) positions.push(parsed.data);
    else {
      const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
      ctx.logger.warn({ protocol: session.protocol, uniqueId, issues }, 'decoded position rejected by the contract');
    }
  }
  if (positions.length > 0) await ctx.bus.publish('positions', positions);
}

let lastTimeMs = Number.NaN;
let lastTimeIso = '';

/** toISOString, once per millisecond: the frames of one moment share it. */
function isoTime(date: Date): string {
  const ms = date.getTime();
  if (ms !== lastTimeMs) {
    lastTimeIso = date.toISOString();
    lastTimeMs = ms;
  }
  return lastTimeIso;
}

async function identify(ctx: IngestContext, session: Session, uniqueId: string, channel: DeviceChannel) {
  if (session.transport === 'tcp') {
    if (session.uniqueId === uniqueId) return;
    if (session.uniqueId) await deviceDisconnected(ctx, session, channel);
    session.uniqueId = uniqueId;
    ctx.devices.bind(uniqueId, channel);
    await publishStatus(ctx, session, 'connected');
    return;
  }
  session.uniqueId = uniqueId;
  // a datagram's positions count, but a device with a live TCP connection keeps it: channel, commands and status
  if (session.transport === 'udp' && ctx.devices.heldByConnection(uniqueId, channel)) return;
  ctx.devices.bind(uniqueId, channel);
  if (ctx.devices.onlineDue(uniqueId, Date.now(), ctx.statusIntervalMs)) await publishStatus(ctx, session, 'online');
}

/** A TCP connection closed: the device is gone from this node unless it already reconnected. */
export async function deviceDisconnected(ctx: IngestContext, session: Session, channel: DeviceChannel) {
  if (session.uniqueId && ctx.devices.unbind(session.uniqueId, channel)) {
    await publishStatus(ctx, session, 'disconnected');
  }
}

async function publishStatus(ctx: IngestContext, session: Session, event: DeviceStatusEvent): Promise<void> {
  if (!session.uniqueId) return;
  await ctx.bus.publish('device-status', [
    {
      uniqueId: session.uniqueId,
      event,
      protocol: session.protocol,
      transport: session.transport,
      remoteAddress: session.remoteAddress,
      time: new Date().toISOString(),
      nodeId: ctx.nodeId,
    },
  ]);
}

/**
 * Decodes one TCP frame or UDP datagram, publishes, then sends the ack. A frame the decoder rejects is logged and
 * dropped; the session carries on.
 */
export async function processStreamFrame(
  ctx: IngestContext,
  protocol: StreamProtocol,
  session: Session,
  channel: DeviceChannel,
  frame: Buffer,
  reply: (data: Buffer | string) => void,
): Promise<void> {
  session.receivedAt = new Date();
  ctx.deviceLog?.record(session, 'in', frame, session.receivedAt.getTime());
  let result: DecodeResult;
  try {
    result = decodeWithSettings(ctx, protocol.decoder, frame, session);
  } catch (err) {
    const frameHex = frame.subarray(0, 256).toString('hex');
    ctx.logger.warn(
      { protocol: protocol.name, remote: session.remoteAddress, err: errorMessage(err), frame: frameHex },
      'malformed frame dropped',
    );
    return;
  }
  await publishDecoded(ctx, session, result, () => channel);
  if (result.ack !== undefined && !isHttpReply(result.ack)) reply(result.ack);
}

/**
 * Decodes a frame; when the frame itself names a device other than the session's (a UDP datagram, an HTTP request,
 * a message carrying its identifier) and that device has settings, decodes it again as that device's frame, so
 * that its positions are read with its model and options from the first frame on (decoders are pure).
 */
export function decodeWithSettings<F>(
  ctx: IngestContext,
  decoder: Decoder<F>,
  frame: F,
  session: Session,
): DecodeResult {
  const result = decoder(frame, session);
  const named = result.uniqueId;
  if (!named || named === session.uniqueId || result.messages.length === 0 || !ctx.settingsOf) return result;
  const settings = ctx.settingsOf(named);
  if (!settings) return result;
  const view: SessionView = {
    protocol: session.protocol,
    transport: session.transport,
    remoteAddress: session.remoteAddress,
    uniqueId: named,
    state: session.state,
    receivedAt: session.receivedAt,
    settings,
  };
  const again = decoder(frame, view);
  // the device stays named even where a decoder names it only to a session that does not know it yet
  return again.uniqueId ? again : { ...again, uniqueId: named };
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The towers and access points of a decoded network that the contract accepts (null when none is left). */
export function validNetwork(network: unknown): Network | null {
  if (!network || typeof network !== 'object') return null;
  const n = network as { cellTowers?: unknown[]; wifiAccessPoints?: unknown[] } & Record<string, unknown>;
  const cellTowers = (n.cellTowers ?? []).filter((t) => cellTowerSchema.safeParse(t).success);
  const wifiAccessPoints = (n.wifiAccessPoints ?? []).filter((w) => wifiAccessPointSchema.safeParse(w).success);
  const kept = networkSchema.safeParse({ ...n, cellTowers, wifiAccessPoints });
  if (!kept.success || (cellTowers.length === 0 && wifiAccessPoints.length === 0)) return null;
  return kept.data;
}
