import type { ProtocolDefinition, SessionView, Transport } from '../protocols/protocol.types';

/** A frame seen on a session before it named its device, for the device log (device-log-recorder.ts). */
export interface SeenFrame {
  at: number;
  direction: 'in' | 'out';
  /** its first bytes, copied */
  data: Buffer;
  /** its whole length */
  size: number;
}

/** One TCP connection, one UDP peer (ip:port) or one HTTP request, and the device it belongs to once known. */
export class Session implements SessionView {
  uniqueId: string | null = null;
  state: Record<string, unknown> = {};
  receivedAt = new Date();
  /** frames seen before the session named its device (device-log-recorder.ts), logged once it does */
  unlabelled: SeenFrame[] | undefined = undefined;

  constructor(
    readonly protocol: string,
    readonly transport: Transport,
    readonly remoteAddress: string,
    /** the device settings the ingest knows (IngestContext.settingsOf) */
    private readonly settingsOf?: SettingsLookup,
  ) {}

  /** The settings of the session's device, looked up per frame so that a change applies at once. */
  get settings(): Readonly<Record<string, string>> | undefined {
    return this.uniqueId && this.settingsOf ? this.settingsOf(this.uniqueId) : undefined;
  }
}

/** The decoder-relevant settings of a device by its uniqueId (undefined: none). */
export type SettingsLookup = (uniqueId: string) => Readonly<Record<string, string>> | undefined;

/** How to reach a device: through the session that last heard from it. */
export interface DeviceChannel {
  readonly protocol: ProtocolDefinition;
  readonly session: Session;
  /** Sends command bytes (TCP/UDP) or queues them for the next HTTP response. */
  deliver(data: Buffer | string): void;
  /** Ends the channel's connection (TCP): a device's newer connection replaces it. */
  close?(): void;
}

interface Entry {
  channel: DeviceChannel;
  lastSeen: number;
}

/** uniqueId -> channel of the devices this ingest node currently holds. */
export class DeviceRegistry {
  private readonly entries = new Map<string, Entry>();
  private readonly lastOnline = new Map<string, number>();

  /** Returns true when the device was not bound to this channel before. */
  bind(uniqueId: string, channel: DeviceChannel, now = Date.now()): boolean {
    const previous = this.entries.get(uniqueId);
    this.entries.set(uniqueId, { channel, lastSeen: now });
    // A device that opens a second connection replaces the first: the old one is closed (its close no longer
    // unbinds the device, which is bound to the new channel).
    if (previous && previous.channel !== channel) previous.channel.close?.();
    return previous?.channel !== channel;
  }

  /**
   * Whether a TCP connection other than `channel` holds the device. A UDP datagram then does not take the device
   * over (see identify in frame-pipeline.ts): its source is easily spoofed, and binding would close the device's
   * live connection and send its commands to that source. The TCP connection keeps it until it closes.
   */
  heldByConnection(uniqueId: string, channel: DeviceChannel): boolean {
    const current = this.entries.get(uniqueId)?.channel;
    return current !== undefined && current !== channel && current.session.transport === 'tcp';
  }

  /** Unbinds only if the device is still bound to this channel (it may have reconnected elsewhere). */
  unbind(uniqueId: string, channel: DeviceChannel): boolean {
    if (this.entries.get(uniqueId)?.channel !== channel) return false;
    this.entries.delete(uniqueId);
    this.lastOnline.delete(uniqueId);
    return true;
  }

  /** A connectionless device heard from again on the channel it is bound to: not forgotten by the sweep yet. */
  touch(uniqueId: string, channel: DeviceChannel, now = Date.now()): void {
    const entry = this.entries.get(uniqueId);
    if (entry?.channel === channel) entry.lastSeen = now;
  }

  get(uniqueId: string): DeviceChannel | undefined {
    return this.entries.get(uniqueId)?.channel;
  }

  get size(): number {
    return this.entries.size;
  }

  /** For connectionless devices: true (and remembered) when an `online` status is due. */
  onlineDue(uniqueId: string, now: number, intervalMs: number): boolean {
    const last = this.lastOnline.get(uniqueId);
    if (last !== undefined && now - last < intervalMs) return false;
    this.lastOnline.set(uniqueId, now);
    return true;
  }

  /** Forgets connectionless (UDP/HTTP) devices not heard from for idleMs. */
  sweep(now: number, idleMs: number): void {
    for (const [uniqueId, entry] of this.entries) {
      if (entry.channel.session.transport !== 'tcp' && now - entry.lastSeen > idleMs) {
        this.entries.delete(uniqueId);
        this.lastOnline.delete(uniqueId);
      }
    }
  }
}
