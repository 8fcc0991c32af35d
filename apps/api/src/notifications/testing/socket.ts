import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

export interface TestSocket {
  frames: Record<string, unknown[]>[];
  close(): void;
}

/** A real websocket on /api/socket of a listening app, open and past its first (positions) frame. */
export async function openSocket(app: FastifyInstance, accessToken: string): Promise<TestSocket> {
  const { port } = app.server.address() as { port: number };
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/socket?token=${accessToken}`);
  const frames: Record<string, unknown[]>[] = [];
  const first = new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('message', () => resolve());
  });
  socket.on('message', (data) => frames.push(JSON.parse(String(data))));
  await first;
  return { frames, close: () => socket.close() };
}

export async function waitUntil(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 5000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
