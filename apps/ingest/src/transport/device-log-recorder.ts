import type { DeviceLogStore } from '@waymark/bus/device-log/device-log-store';
import type { DeviceLogRecord } from '@waymark/contracts/device-log';
import { DEVICE_LOG_MAX_FRAME_BYTES } from '@waymark/contracts/device-log';
import type { SeenFrame, Session } from './session';

type Direction = DeviceLogRecord['direction'];

interface QueuedFrame extends SeenFrame {
  session: Session;
  uniqueId: string;
}

export interface DeviceLogRecorderOptions {
  /** how often frames go to the store, ms (default 100) */
  flushMs?: number;
  /** most frames waiting for the store; beyond, new ones are dropped (default 50000) */
  maxQueued?: number;
  /** most frames a session keeps before it names its device (default 16; later ones are not logged) */
  maxUnlabelled?: number;
}

/**
 * Records the raw frames of every session into the device log, off the decode path: record() only keeps a
 * reference and the time; every flushMs the queued frames are turned into records (hex or text, cut at
 * DEVICE_LOG_MAX_FRAME_BYTES) and handed to the store, which writes them in the background. Frames a session
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
    this.maxUnlabelled = options.maxUnlabelled ?? 16;
  }

  /** A frame received from (`in`) or sent to (`out`) the session's peer. */
  record(session: Session, direction: Direction, data: Buffer | string, at = Date.now()): void {
    const uniqueId = session.uniqueId;
    if (uniqueId === null) {
      session.unlabelled ??= [];
      if (session.unlabelled.length < this.maxUnlabelled) session.unlabelled.push({ at, direction, data });
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
    for (const frame of waiting) this.enqueue(session, uniqueId, frame.at, frame.direction, frame.data);
  }

  private enqueue(session: Session, uniqueId: string, at: number, direction: Direction, data: Buffer | string) {
    if (this.queue.length >= this.maxQueued) {
      this.dropped += 1;
      return;
    }
    this.queue.push({ session, uniqueId, at, direction, data });
    this.timer ??= setTimeout(() => this.flush(), this.flushMs);
  }

  /** Hands the queued frames to the store now. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const queued = this.queue;
    if (queued.length === 0) return;
    this.queue = [];
    this.store.append(queued.map(toRecord));
  }

  /** Flushes and waits until the store has written everything. */
  async close(): Promise<void> {
    this.flush();
    await this.store.flush();
  }
}

function toRecord(frame: QueuedFrame): DeviceLogRecord {
  const bytes = typeof frame.data === 'string' ? Buffer.from(frame.data, 'utf8') : frame.data;
  const kept = bytes.length > DEVICE_LOG_MAX_FRAME_BYTES ? bytes.subarray(0, DEVICE_LOG_MAX_FRAME_BYTES) : bytes;
  const text = isPrintable(kept);
  return {
    time: new Date(frame.at).toISOString(),
    direction: frame.direction,
    protocol: frame.session.protocol,
    transport: frame.session.transport,
    remoteAddress: frame.session.remoteAddress,
    uniqueId: frame.uniqueId,
    encoding: text ? 'text' : 'hex',
    data: kept.toString(text ? 'latin1' : 'hex'),
    size: bytes.length,
    ...(kept.length < bytes.length ? { truncated: true } : {}),
  };
}

/** Printable ASCII, tab, CR and LF only (a text protocol's frame); anything else is shown as hex. */
function isPrintable(bytes: Buffer): boolean {
  if (bytes.length === 0) return false;
  for (const b of bytes) {
    if ((b < 0x20 || b > 0x7e) && b !== 0x09 && b !== 0x0a && b !== 0x0d) return false;
  }
  return true;
}
