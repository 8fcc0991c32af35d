import type { LiveFrame } from '@waymark/contracts/socket';

/** A stand-in WebSocket for tests: records the URLs opened; `open`, `send` (a frame of the contract) and `drop` drive it. */
export class FakeSocket {
  static opened: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;

  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
  }

  static create = (url: string) => new FakeSocket(url) as unknown as WebSocket;
  static latest = () => FakeSocket.opened[FakeSocket.opened.length - 1] as FakeSocket;

  open() {
    this.onopen?.();
  }

  send(frame: LiveFrame) {
    this.sendText(JSON.stringify(frame));
  }

  /** Any text, e.g. a frame the contract does not have. */
  sendText(data: string) {
    this.onmessage?.({ data } as MessageEvent);
  }

  drop() {
    this.onclose?.();
  }

  close() {
    this.closed = true;
  }
}
