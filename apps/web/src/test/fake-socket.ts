import type { LiveFrame } from '@waymark/contracts/socket';

/** A stand-in WebSocket for tests: records the URLs opened; `open`, `send` (a frame of the contract) and `drop` drive it. */
export class FakeSocket {
  static opened: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  /** WebSocket's: 1 (OPEN) once `open()` was called */
  readyState = 0;
  /** what the client sent (`{"logs": true}`), as text */
  readonly sent: string[] = [];

  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
  }

  static create = (url: string) => new FakeSocket(url) as unknown as WebSocket;
  static latest = () => FakeSocket.opened[FakeSocket.opened.length - 1] as FakeSocket;

  open() {
    this.readyState = 1;
    this.onopen?.();
  }

  /** A frame from the server (an object of the contract); text is what the client sends, recorded in `sent`. */
  send(frame: LiveFrame | string) {
    if (typeof frame === 'string') this.sent.push(frame);
    else this.sendText(JSON.stringify(frame));
  }

  /** Any text, e.g. a frame the contract does not have. */
  sendText(data: string) {
    this.onmessage?.({ data } as MessageEvent);
  }

  drop() {
    this.readyState = 3;
    this.onclose?.();
  }

  close() {
    this.closed = true;
  }
}
