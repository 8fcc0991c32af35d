import { connect, type Socket } from 'node:net';

/** A TCP client that collects everything it receives as latin1 text. */
export async function tcpClient(
  port: number,
): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  const socket = connect(port, '127.0.0.1');
  let text = '';
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString('latin1');
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('error', reject);
  });
  return { socket, received: () => text, closed };
}

/** Writes and waits a little so that the server sees separate reads. */
export async function writeApart(socket: Socket, ...chunks: (string | Buffer)[]): Promise<void> {
  for (const chunk of chunks) {
    socket.write(chunk);
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}
