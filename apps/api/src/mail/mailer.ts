import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Env } from '../env';

/** A file sent with a mail (a scheduled report's XLSX or PDF). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface Mail {
  /** one address, or several separated by commas */
  to: string;
  subject: string;
  /** the plain-text part (always sent) */
  text: string;
  /** an HTML alternative of the text, when the mail has tables */
  html?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

const attached = (mail: Mail) =>
  (mail.attachments ?? []).map((a) => `[attached: ${a.filename}, ${a.content.length} bytes]\n`).join('');

/**
 * Mail through nodemailer to the SMTP server of SMTP_*; with no SMTP configured (the embedded default)
 * the message is printed to the console so that a local user can still follow links and codes.
 */
export function createMailer(env: Env, log: Logger): Mailer {
  if (!env.SMTP_HOST) {
    return {
      async send(mail) {
        process.stdout.write(
          `\n──── mail (no SMTP configured) ────\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n${attached(mail)}──────────────────────────────────\n`,
        );
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport({
    host: env.SMTP_HOST,
    port: env.SMTP_PORT,
    secure: env.SMTP_SECURE,
    auth: env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASSWORD ?? '' } : undefined,
    tls: { rejectUnauthorized: env.NODE_ENV === 'production' },
  });
  return {
    async send(mail) {
      await transport.sendMail({
        from: env.SMTP_FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments,
      });
      log.info({ subject: mail.subject }, 'mail sent');
    },
    close() {
      transport.close();
    },
  };
}
