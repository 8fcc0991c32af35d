import type { DeviceLogStore, RawLogFrame } from '@waymark/bus/device-log/device-log-store';
import { DEVICE_LOG_MAX_FRAME_BYTES } from '@waymark/contracts/device-log';
import type { Session } from './session';

type Direction = RawLogFrame['direction'];

interface QueuedFrame {
  at: number;
  direction: Direction;
  data: Buffer | string;
  session: Session;
  uniqueId: string;
  /** the whole length, when data was cut before (a frame that waited for its device) */
  size?: number;
}

/**
 * What a session keeps of a frame before it names its device: a copy of its first bytes, so that connections
 * that never name one (scanners, garbage) hold little — at most maxUnlabelled × this each.
 */
const UNLABELLED_BYTES = 512;

export interface DeviceLogRecorderOptions {
  /** how often frames go to the store, ms (default 100) */
  flushMs?: number;
  /** most frames waiting for the store; beyond, new ones are dropped (default 50000) */
  maxQueued?: number;
  /** most frames a session keeps before it names its device (default 8; later ones are not logged) */
  maxUnlabelled?: number;
}

/**
 * Records the raw frames of every session into the device log, off the decode path: record() only keeps a
 * reference and the time; every flushMs the queued frames (cut at DEVICE_LOG_MAX_FRAME_BYTES) are handed to the
 * store, which writes them in the background, raw — hex or text is made when someone reads them. Frames a session
 * sees before it knows its device wait on the session and join the log, under that device, once it is named.
 */
export class DeviceLogRecorder {
  private queue: QueuedFrame[] = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly flushMs: number;
  private readonly maxQueued: number;
  private readonly maxUnlabelled: number;
  /** frames dropped because the queue was full */
  dropped = 0;

  constructor(
    private readonly store: DeviceLogStore,
    options: DeviceLogRecorderOptions = {},
  ) {
    this.flushMs = options.flushMs ?? 100;
    this.maxQueued = options.maxQueued ?? 50_000;
    this.maxUnlabelled = options.maxUnlabelled ?? 8;
  }

  /** A frame received from (`in`) or sent to (`out`) the session's peer. */
  record(session: Session, direction: Direction, data: Buffer | string, at = Date.now()): void {
    const uniqueId = session.uniqueId;
    if (uniqueId === null) {
      session.unlabelled ??= [];
      if (session.unlabelled.length >= this.maxUnlabelled) return;
      const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
      const kept = Buffer.from(bytes.subarray(0, UNLABELLED_BYTES));
      session.unlabelled.push({ at, direction, data: kept, size: bytes.length });
      return;
    }
    this.enqueue(session, uniqueId, at, direction, data);
  }

  /** The session named its device: the frames it saw before join that device's log. */
  identified(session: Session): void {
    const waiting = session.unlabelled;
    const uniqueId = session.uniqueId;
    if (!waiting || uniqueId === null) return;
    session.unlabelled = undefined;
    for (const frame of waiting) this.enqueue(session, uniqueId, frame.at, frame.direction, frame.data, frame.size);
  }

  private enqueue(
    session: Session,
    uniqueId: string,
    at: number,
    direction: Direction,
    data: Buffer | string,
    size?: number,
  ) {
    if (this.queue.length >= this.maxQueued) {
      this.dropped += 1;
      return;
    }
    this.queue.push(
      size === undefined
        ? { session, uniqueId, at, direction, data }
        : { session, uniqueId, at, direction, data, size },
    );
    this.timer ??= setTimeout(() => this.flush(), this.flushMs);
  }

  /** Hands the queued frames to the store now. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const queued = this.queue;
    if (queued.length === 0) return;
    this.queue = [];
    this.store.append(queued.map(toRawFrame));
  }

  /** Flushes and waits until the store has written everything. */
  async close(): Promise<void> {
    this.flush();
    await this.store.flush();
  }
}

function toRawFrame(frame: QueuedFrame): RawLogFrame {
  const bytes = typeof frame.data === 'string' ? Buffer.from(frame.data, 'utf8') : frame.data;
  return {
    at: frame.at,
    direction: frame.direction,
    protocol: frame.session.protocol,
    transport: frame.session.transport,
    remoteAddress: frame.session.remoteAddress,
    uniqueId: frame.uniqueId,
    bytes: bytes.length > DEVICE_LOG_MAX_FRAME_BYTES ? bytes.subarray(0, DEVICE_LOG_MAX_FRAME_BYTES) : bytes,
    size: frame.size ?? bytes.length,
  };
}
