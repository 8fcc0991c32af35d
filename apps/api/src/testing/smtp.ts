import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as the test SMTP server received it (headers parsed minimally, body decoded). */
export interface ReceivedMail {
  /** the To header */
  to: string;
  /** the envelope recipients (RCPT TO) */
  recipients: string[];
  from: string;
  subject: string;
  /** the plain-text body, transfer encoding undone, line ends normalised to \n */
  text: string;
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  /** every message received so far, oldest first */
  messages: ReceivedMail[];
  /** the environment variables that point the API's mailer at this server */
  env: Record<string, string>;
  /** the first message (already received or still to come) that matches, or a rejection after timeoutMs */
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

interface Waiter {
  predicate: (mail: ReceivedMail) => boolean;
  resolve: (mail: ReceivedMail) => void;
}

/**
 * A real SMTP server (the npm package smtp-server) on 127.0.0.1 and a free port, without TLS or required
 * authentication, that keeps what it receives. Point the API at it with `createTestApp(smtp.env)`.
 */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<Waiter>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 1000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const recipients = session.envelope.rcptTo.map((r) => r.address);
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'), recipients);
        messages.push(mail);
        for (const waiter of waiters) {
          if (waiter.predicate(mail)) {
            waiters.delete(waiter);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;

  return {
    port,
    messages,
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_SECURE: 'false' },
    waitFor(predicate, timeoutMs = 5000) {
      const existing = messages.find(predicate);
      if (existing) return Promise.resolve(existing);
      return new Promise<ReceivedMail>((resolve, reject) => {
        const waiter: Waiter = {
          predicate,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const seen = messages.map((m) => `${m.to}: ${m.subject}`).join('; ') || 'none';
          reject(new Error(`no matching mail within ${timeoutMs} ms (received: ${seen})`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    close() {
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Splits a raw RFC 5322 message into the few headers the tests need and the decoded text body. */
export function parseMail(raw: string, recipients: string[] = []): ReceivedMail {
  const normalised = raw.replace(/\r\n/g, '\n');
  const split = normalised.indexOf('\n\n');
  const head = split < 0 ? normalised : normalised.slice(0, split);
  const body = split < 0 ? '' : normalised.slice(split + 2);

  const headers = new Map<string, string>();
  // Unfold continuation lines (starting with white space) before splitting name and value.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }

  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  let text = body;
  if (encoding === 'quoted-printable') text = decodeQuotedPrintable(body);
  else if (encoding === 'base64') text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');

  return {
    to: decodeWords(headers.get('to') ?? ''),
    recipients,
    from: decodeWords(headers.get('from') ?? ''),
    subject: decodeWords(headers.get('subject') ?? ''),
    text: text.replace(/\r\n/g, '\n'),
    raw,
  };
}

/** Quoted-printable: `=` at a line end is a soft break, `=XX` a byte in hex. */
export function decodeQuotedPrintable(input: string): string {
  const unwrapped = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unwrapped.length; i++) {
    const ch = unwrapped[i] as string;
    const hex = unwrapped.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) in a header value. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** The 6-digit code in a message's text (the first group of exactly six digits). */
export function extractCode(mail: ReceivedMail): string {
  const match = /(?<!\d)(\d{6})(?!\d)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no 6-digit code in mail "${mail.subject}"`);
  return match[1];
}

export interface PasswordLink {
  kind: 'reset' | 'create';
  token: string;
  url: string;
}

/** The /password/reset/<token> or /password/create/<token> link in a message's text. */
export function extractPasswordLink(mail: ReceivedMail, kind?: PasswordLink['kind']): PasswordLink {
  const match = /(\S*\/password\/(reset|create)\/([A-Za-z0-9_-]+))/.exec(mail.text);
  const found = match?.[2] as PasswordLink['kind'] | undefined;
  if (!match?.[1] || !match[3] || !found) throw new Error(`no password link in mail "${mail.subject}"`);
  if (kind && found !== kind) throw new Error(`expected a /password/${kind}/ link, got /password/${found}/`);
  return { kind: found, token: match[3], url: match[1] };
}

/** Recipient match for waitFor: the To header or the envelope names the address. */
export function sentTo(email: string) {
  const address = email.toLowerCase();
  return (mail: ReceivedMail) =>
    mail.recipients.some((r) => r.toLowerCase() === address) ||
    mail.to
      .toLowerCase()
      .split(',')
      .some((part) => part.trim() === address || part.includes(`<${address}>`));
}
