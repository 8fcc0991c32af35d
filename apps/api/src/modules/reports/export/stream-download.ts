import { PassThrough, type Writable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Sends a download whose body a writer produces while the client reads it: the headers go out, then `write`
 * fills the stream and ends it. A failure once the body has started cuts the download (the client sees it
 * incomplete) and is logged; check everything that can fail with an HTTP error before calling this.
 */
export function streamDownload(
  reply: FastifyReply,
  download: { mime: string; fileName: string; write: (out: Writable) => Promise<void> },
): FastifyReply {
  const body = new PassThrough();
  reply
    .header('content-type', download.mime)
    .header('content-disposition', `attachment; filename="${download.fileName}"`)
    .header('cache-control', 'no-store');
  download.write(body).catch((err: unknown) => {
    reply.log.error({ err }, 'export failed');
    body.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return reply.send(body);
}
