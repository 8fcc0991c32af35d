import type { CommandMessage, PositionMessage, Transport } from '@waymark/contracts/bus';

export type { Transport };

/**
 * Cuts one connection's byte stream into frames. Stateful (one per connection); push() returns every whole frame
 * the bytes so far complete, in order, keeps the rest, never throws on garbage (it skips it) and never buffers
 * more than its limit (it drops the oldest bytes and resynchronises).
 */
export interface Framer {
  push(chunk: Buffer): Buffer[];
  /** Bytes kept for frames not yet whole: never more than the protocol's largest frame plus one read. */
  readonly buffered: number;
}
export type FramerFactory = () => Framer;

/** A position as a decoder returns it: the transport adds protocol, serverTime, nodeId and the session's device. */
export type DecodedPosition = Omit<PositionMessage, 'protocol' | 'uniqueId' | 'serverTime' | 'nodeId'> & {
  /** Only when the message names its device itself and it differs from the session's. */
  uniqueId?: string;
};

/** One HTTP request as an HTTP protocol's decoder sees it. */
export interface HttpRequestFrame {
  method: string;
  /** Request target as sent: path and query string. */
  url: string;
  /** Header names in lower case. */
  headers: Readonly<Record<string, string | undefined>>;
  body: Buffer;
}

export interface HttpReply {
  status: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** What the transport sends back for a frame: bytes (TCP/UDP) or an HTTP response. */
export type Ack = Buffer | string | HttpReply;

/** What a decoder may read of the session the frame arrived on. */
export interface SessionView {
  readonly protocol: string;
  readonly transport: Transport;
  /** ip:port of the device. */
  readonly remoteAddress: string;
  /** The device identified earlier on this session (login), or null. */
  readonly uniqueId: string | null;
  /** Decoder-owned state of this session (e.g. a model learnt from a login frame). */
  readonly state: Readonly<Record<string, unknown>>;
  /** When the frame arrived: the decoder's "now" (keeps decoders pure). */
  readonly receivedAt: Date;
  /**
   * The decoder-relevant settings of the session's device, once it is known and has any (absent otherwise):
   * `model` (its device model's name, e.g. `FMB130`) and its `decoder.*` / `<protocol>.*` attributes as text, e.g.
   * `teltonika.extended: 'true'`. Kept current: a change made in the API applies to the device's next frame.
   */
  readonly settings?: Readonly<Record<string, string>> | undefined;
}

export interface DecodeResult {
  /** Positions decoded from the frame; empty for logins, heartbeats, acknowledgements. */
  messages: DecodedPosition[];
  /** The device this frame identifies: binds the session to it. */
  uniqueId?: string;
  /** Sent back to the device after the messages are on the bus. */
  ack?: Ack;
  /** Replaces the session's decoder state. */
  state?: Record<string, unknown>;
}

/** Pure: the same frame and session always give the same result. Throws on a malformed frame. */
export type Decoder<F> = (frame: F, session: SessionView) => DecodeResult;

/** Encodes a command for the device, or returns null when the protocol has no such command. */
export type Encoder = (command: CommandMessage, session: SessionView) => Buffer | string | null;

interface ProtocolBase {
  /** Traccar's protocol name. */
  name: string;
  defaultPort: number;
  encoder?: Encoder;
}

/** A protocol over TCP and/or UDP. Without a framer every TCP read (and every UDP datagram) is one frame. */
export interface StreamProtocol extends ProtocolBase {
  kind: 'stream';
  transports: readonly ('tcp' | 'udp')[];
  framer?: FramerFactory;
  decoder: Decoder<Buffer>;
}

/** A protocol over HTTP (one request = one frame; the ack is the response). */
export interface HttpProtocol extends ProtocolBase {
  kind: 'http';
  transports: readonly ['http'];
  decoder: Decoder<HttpRequestFrame>;
}

export type ProtocolDefinition = StreamProtocol | HttpProtocol;

export function isHttpReply(ack: Ack | undefined): ack is HttpReply {
  return typeof ack === 'object' && ack !== null && !Buffer.isBuffer(ack);
}
