import type { HttpRequestFrame } from '../protocols/protocol.types';

/** How a frame is written in decode/replay input (the shared vector files use the same words). */
export type FrameKind = 'binary' | 'text' | 'http';

export const FRAME_KINDS: readonly FrameKind[] = ['binary', 'text', 'http'];

/** The bytes of a binary or text payload: hex for binary (spaces allowed), ISO-8859-1 for text. */
export function streamBytes(kind: 'binary' | 'text', payload: string): Buffer {
  if (kind === 'text') return Buffer.from(payload, 'latin1');
  const hex = payload.replace(/\s+/g, '');
  if (hex.length % 2 !== 0 || !/^[0-9a-f]*$/i.test(hex)) throw new Error('payload is not hex');
  return Buffer.from(hex, 'hex');
}

/**
 * Parses one raw HTTP/1.x request (request line, headers, blank line, body) into the frame an HTTP protocol's
 * decoder takes. Header names become lower case (repeated headers joined with ", "); a Content-Length cuts the
 * body, a chunked body is de-chunked. Lines may end in CR LF or LF alone.
 */
export function parseHttpRequest(raw: Buffer): HttpRequestFrame {
  let headEnd = raw.indexOf('\r\n\r\n');
  let separator = 4;
  const bare = raw.indexOf('\n\n');
  if (headEnd < 0 || (bare >= 0 && bare < headEnd)) {
    headEnd = bare;
    separator = 2;
  }
  const head = (headEnd < 0 ? raw : raw.subarray(0, headEnd)).toString('latin1');
  let body = headEnd < 0 ? Buffer.alloc(0) : raw.subarray(headEnd + separator);
  const [requestLine = '', ...headerLines] = head.split(/\r?\n/);
  const match = /^([A-Za-z]+) (\S+)(?: HTTP\/\d(?:\.\d)?)?$/.exec(requestLine.trim());
  if (!match) throw new Error(`bad HTTP request line: ${JSON.stringify(requestLine.slice(0, 80))}`);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    if (line.trim() === '') continue;
    const colon = line.indexOf(':');
    if (colon <= 0) throw new Error(`bad HTTP header line: ${JSON.stringify(line.slice(0, 80))}`);
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  if (headers['transfer-encoding']?.toLowerCase().includes('chunked')) body = dechunk(body);
  else if (headers['content-length'] !== undefined) {
    const length = Number(headers['content-length']);
    if (!Number.isInteger(length) || length < 0) throw new Error('bad Content-Length');
    if (length < body.length) body = body.subarray(0, length);
  }
  return { method: (match[1] as string).toUpperCase(), url: match[2] as string, headers, body: Buffer.from(body) };
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', offset);
    if (lineEnd < 0) throw new Error('truncated chunked body');
    const size = Number.parseInt(data.subarray(offset, lineEnd).toString('latin1').split(';')[0] ?? '', 16);
    if (!Number.isFinite(size) || size < 0) throw new Error('bad chunk size');
    if (size === 0) return Buffer.concat(parts);
    const start = lineEnd + 2;
    if (start + size > data.length) throw new Error('truncated chunked body');
    parts.push(data.subarray(start, start + size));
    offset = start + size + 2;
  }
}
