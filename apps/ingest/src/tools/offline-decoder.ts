import { type PositionFix, positionFixSchema } from '@waymark/contracts/position';
import type {
  Ack,
  DecodedPosition,
  DecodeResult,
  ProtocolDefinition,
  SessionView,
  Transport,
} from '../protocols/protocol.types';
import { isHttpReply } from '../protocols/protocol.types';
import { protocolRegistry } from '../protocols/registry';
import type { FrameKind } from './raw-frame';
import { parseHttpRequest, streamBytes } from './raw-frame';

/** One message to decode, as `waymark decode` and `waymark replay` take it. */
export interface OfflineFrame {
  protocol: string;
  kind: FrameKind;
  payload: string;
  /** Frames with the same protocol, transport and connection share one session. Default: one per protocol. */
  connection?: string;
  /** Default: http for HTTP protocols, else the protocol's first transport. */
  transport?: Transport;
}

/** A decoded position as the tools print it: the device it belongs to, then the position's fields. */
export type PrintedPosition = { uniqueId: string | null } & PositionFix;

/** The position's fields in the contract's order, so every decoder's output prints alike. */
const FIX_KEYS = Object.keys(positionFixSchema.shape) as (keyof PositionFix)[];

function printed(uniqueId: string | null, position: DecodedPosition): PrintedPosition {
  const out: Record<string, unknown> = { uniqueId };
  for (const key of FIX_KEYS) out[key] = position[key];
  return out as PrintedPosition;
}

export interface OfflineResult {
  /** The session's device after this frame. */
  uniqueId: string | null;
  positions: PrintedPosition[];
  /** Bytes sent back (the response body for HTTP), as hex; null when nothing is sent. */
  ack: string | null;
  /** HTTP response status, for HTTP protocols. */
  status?: number;
}

export class UnknownProtocolError extends Error {
  constructor(
    readonly protocol: string,
    readonly available: readonly string[],
  ) {
    super(`unknown protocol "${protocol}" (available: ${available.join(', ')})`);
  }
}

interface SessionState {
  uniqueId: string | null;
  state: Record<string, unknown>;
}

/**
 * Decodes frames with the registry's decoders, without transport, bus or database: per connection a session
 * that carries the device and the decoder state from frame to frame, as one TCP connection would.
 */
export class OfflineDecoder {
  private readonly sessions = new Map<string, SessionState>();

  constructor(
    private readonly registry: ReadonlyMap<string, ProtocolDefinition> = protocolRegistry,
    private readonly now: () => Date = () => new Date(),
  ) {}

  protocol(name: string): ProtocolDefinition {
    const definition = this.registry.get(name);
    if (!definition) throw new UnknownProtocolError(name, [...this.registry.keys()]);
    return definition;
  }

  /** Decodes one whole message. Throws on an unknown protocol, a payload of the wrong kind or a decoder error. */
  decode(frame: OfflineFrame, uniqueId?: string, settings?: Readonly<Record<string, string>>): OfflineResult {
    const definition = this.protocol(frame.protocol);
    const transport = frame.transport ?? (definition.kind === 'http' ? 'http' : (definition.transports[0] ?? 'tcp'));
    if (!(definition.transports as readonly string[]).includes(transport)) {
      throw new Error(`${definition.name} has no ${transport} transport (${definition.transports.join(', ')})`);
    }
    const key = `${definition.name}\u0000${transport}\u0000${frame.connection ?? ''}`;
    const session = this.sessions.get(key) ?? { uniqueId: null, state: {} };
    if (uniqueId !== undefined && session.uniqueId === null) session.uniqueId = uniqueId;
    const view: SessionView = {
      protocol: definition.name,
      transport,
      remoteAddress: `replay:${frame.connection ?? ''}`,
      uniqueId: session.uniqueId,
      state: session.state,
      receivedAt: this.now(),
      ...(settings && Object.keys(settings).length > 0 ? { settings } : {}),
    };
    let result: DecodeResult;
    if (definition.kind === 'http') {
      if (frame.kind !== 'http') throw new Error(`${definition.name} takes HTTP requests (kind "http")`);
      result = definition.decoder(parseHttpRequest(Buffer.from(frame.payload, 'utf8')), view);
    } else {
      if (frame.kind === 'http') throw new Error(`${definition.name} is not an HTTP protocol`);
      result = definition.decoder(streamBytes(frame.kind, frame.payload), view);
    }
    // As the transport does: state and device first, then the positions of the session's device.
    if (result.state) session.state = result.state;
    if (result.uniqueId) session.uniqueId = result.uniqueId;
    this.sessions.set(key, session);
    const positions = result.messages.map((p) => printed(p.uniqueId ?? session.uniqueId, p));
    const out: OfflineResult = { uniqueId: session.uniqueId, positions, ack: ackHex(result.ack) };
    if (definition.kind === 'http') out.status = isHttpReply(result.ack) ? result.ack.status : 200;
    return out;
  }
}

function ackHex(ack: Ack | undefined): string | null {
  if (ack === undefined) return null;
  if (isHttpReply(ack)) {
    if (ack.body === undefined) return null;
    const body = Buffer.isBuffer(ack.body) ? ack.body : Buffer.from(ack.body, 'utf8');
    return body.length > 0 ? body.toString('hex') : null;
  }
  return (Buffer.isBuffer(ack) ? ack : Buffer.from(ack, 'utf8')).toString('hex');
}
