import { type LiveFrame, receivedLiveFrameSchema } from '@waymark/contracts/socket';

/** idle: no socket (signed out or tests); closed: dropped, a reconnect is scheduled. */
export type LiveStatus = 'idle' | 'connecting' | 'open' | 'closed';

export interface LiveSocketOptions {
  /** The socket URL, read on every (re)connect so that a refreshed token is used. */
  url: () => string | null;
  /** Each frame the server sends (contracts' liveFrameSchema); frames that are not one are dropped. */
  onMessage: (frame: LiveFrame) => void;
  /** After every open; `reconnected` is true after a drop (the caller re-fetches what it missed). */
  onOpen: (reconnected: boolean) => void;
  onStatus?: (status: LiveStatus) => void;
  /** Called before a reconnect, e.g. to refresh the access token. */
  beforeReconnect?: () => Promise<unknown>;
  createSocket?: (url: string) => WebSocket;
  /** Backoff: first delay, cap (ms). */
  minDelay?: number;
  maxDelay?: number;
}

/** Delay before reconnect attempt `attempt` (0-based): doubling from min to max, with up to 20 % jitter. */
export function backoffDelay(attempt: number, min: number, max: number, random = Math.random): number {
  const base = Math.min(max, min * 2 ** attempt);
  return Math.round(base * (0.8 + 0.2 * random()));
}

/** One websocket to /api/socket that reconnects with backoff until stopped. */
export class LiveSocket {
  private socket: WebSocket | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private opened = false;
  private stopped = false;

  constructor(private readonly options: LiveSocketOptions) {}

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.onerror = null;
      socket.close();
    }
  }

  /** Sends a client message (`{"logs": true}`) when the socket is open; false when it is not (sent again on open). */
  send(message: string): boolean {
    const socket = this.socket;
    if (socket?.readyState !== 1) return false;
    socket.send(message);
    return true;
  }

  private connect(): void {
    const url = this.options.url();
    if (!url || this.stopped) return;
    this.options.onStatus?.('connecting');
    const create = this.options.createSocket ?? ((u: string) => new WebSocket(u));
    const socket = create(url);
    this.socket = socket;
    socket.onopen = () => {
      const reconnected = this.opened;
      this.opened = true;
      this.attempt = 0;
      this.options.onStatus?.('open');
      this.options.onOpen(reconnected);
    };
    socket.onmessage = (event: MessageEvent) => {
      if (typeof event.data !== 'string') return;
      let message: unknown;
      try {
        message = JSON.parse(event.data);
      } catch {
        return; // not JSON: ignore
      }
      const frame = receivedLiveFrameSchema.safeParse(message);
      if (frame.success) this.options.onMessage(frame.data);
    };
    socket.onclose = () => {
      this.socket = null;
      this.options.onStatus?.('closed');
      this.schedule();
    };
  }

  private schedule(): void {
    if (this.stopped) return;
    const delay = backoffDelay(this.attempt, this.options.minDelay ?? 1000, this.options.maxDelay ?? 30_000);
    this.attempt += 1;
    this.timer = setTimeout(async () => {
      this.timer = null;
      if (this.stopped) return;
      await this.options.beforeReconnect?.().catch(() => undefined);
      this.connect();
    }, delay);
  }
}

/** ws(s)://<host>/api/socket?token=… for the page's origin. */
export function socketUrl(token: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/api/socket?token=${encodeURIComponent(token)}`;
}
