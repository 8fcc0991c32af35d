import { decodeQuotedPrintable } from './smtp';

/** One leaf part of a received MIME message: its content type, file name when it is an attachment, and bytes. */
export interface MimePart {
  contentType: string;
  filename: string | null;
  content: Buffer;
}

function headersOf(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

const param = (value: string, name: string) => new RegExp(`${name}\\*?="?([^";]+)"?`, 'i').exec(value)?.[1] ?? null;

/** The leaf parts of a raw message (multiparts walked through), transfer encodings undone (tests only). */
export function mimeParts(raw: string): MimePart[] {
  const text = raw.replace(/\r\n/g, '\n');
  const split = text.indexOf('\n\n');
  const headers = headersOf(split < 0 ? text : text.slice(0, split));
  const body = split < 0 ? '' : text.slice(split + 2);
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = param(contentType, 'boundary');
  if (contentType.toLowerCase().startsWith('multipart/') && boundary) {
    const pieces = body.split(`--${boundary}`).slice(1);
    return pieces.filter((p) => !p.startsWith('--')).flatMap((p) => mimeParts(p.replace(/^\n/, '')));
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const content =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : Buffer.from(encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : body, 'utf8');
  const disposition = headers.get('content-disposition') ?? '';
  return [
    {
      contentType: contentType.split(';')[0]?.trim().toLowerCase() ?? '',
      filename: param(disposition, 'filename') ?? param(contentType, 'name'),
      content,
    },
  ];
}
