import { connect, type Socket } from 'node:net';

/** Takes a value off the front of the bytes received so far, or returns null while more are needed. */
export type ReplyParser<T> = (buffer: Buffer) => { value: T; used: number } | null;

interface Waiter {
  parse: ReplyParser<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

/** A device's TCP connection: write frames, wait for the server's replies (one at a time), with timeouts. */
export class TcpConversation {
  private buffer: Buffer = Buffer.alloc(0);
  private waiter: Waiter | null = null;
  private closedWith: Error | null = null;

  private constructor(private readonly socket: Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length > 0 ? Buffer.concat([this.buffer, chunk]) : chunk;
      this.settle();
    });
    socket.on('error', (err) => this.fail(err));
    socket.on('close', () => this.fail(new Error('connection closed by the server')));
  }

  static open(host: string, port: number, timeoutMs: number): Promise<TcpConversation> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host, port });
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`connect to ${host}:${port} timed out`));
      }, timeoutMs);
      socket.once('connect', () => {
        clearTimeout(timer);
        socket.removeListener('error', onError);
        resolve(new TcpConversation(socket));
      });
      const onError = (err: Error) => {
        clearTimeout(timer);
        reject(err);
      };
      socket.once('error', onError);
    });
  }

  /** Writes a frame and waits for the reply `parse` recognises. */
  request<T>(frame: Buffer, parse: ReplyParser<T>, timeoutMs: number): Promise<T> {
    if (this.closedWith) return Promise.reject(this.closedWith);
    if (this.waiter) return Promise.reject(new Error('a request is already waiting for its reply'));
    const reply = new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = null;
        reject(new Error(`no reply within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiter = { parse, resolve: resolve as (v: unknown) => void, reject, timer };
    });
    this.socket.write(frame);
    this.settle();
    return reply;
  }

  close(): void {
    this.socket.destroy();
    this.fail(new Error('connection closed'));
  }

  private settle(): void {
    const waiter = this.waiter;
    if (!waiter) return;
    let taken: { value: unknown; used: number } | null;
    try {
      taken = waiter.parse(this.buffer);
    } catch (err) {
      this.waiter = null;
      clearTimeout(waiter.timer);
      waiter.reject(err as Error);
      return;
    }
    if (!taken) return;
    this.buffer = this.buffer.subarray(taken.used);
    this.waiter = null;
    clearTimeout(waiter.timer);
    waiter.resolve(taken.value);
  }

  private fail(err: Error): void {
    this.closedWith ??= err;
    const waiter = this.waiter;
    if (!waiter) return;
    this.waiter = null;
    clearTimeout(waiter.timer);
    waiter.reject(this.closedWith);
  }
}
