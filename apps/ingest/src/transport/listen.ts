import type { Server } from 'node:net';

/** Starts listening; rejects on EADDRINUSE and the like instead of emitting 'error' later. */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/** Formats a socket's peer as ip:port. */
export function peerOf(address: string | undefined, port: number | undefined): string {
  return `${address ?? 'unknown'}:${port ?? 0}`;
}
