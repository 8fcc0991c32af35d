import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../env';
import { createMailer } from '../../mail/mailer';
import type { TestSmtpServer } from '../../testing/smtp';
import { sentTo, startSmtpServer } from '../../testing/smtp';
import { envContext, sampleDelivery } from '../testing/delivery';
import { mailChannel } from './mail';

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());

describe('mail', () => {
  it('sends subject and body to the user through the server mailer (real SMTP)', async () => {
    const env = loadEnv({ NODE_ENV: 'test', ...smtp.env, SMTP_FROM: 'Waymark <alerts@waymark.test>' });
    const mailer = createMailer(env, pino({ level: 'silent' }));
    const ctx = { ...envContext(smtp.env), env, mailer };
    const d = sampleDelivery({ email: 'ann@example.test' });
    d.message.body = 'Van 1 entered Depot\n\nTime: 2026-11-21 10:00:00 UTC\n';
    try {
      await mailChannel.send(ctx, d);
    } finally {
      mailer.close();
    }
    const mail = await smtp.waitFor(sentTo('ann@example.test'));
    expect(mail).toMatchObject({ subject: 'Van 1 entered Depot', from: 'Waymark <alerts@waymark.test>' });
    expect(mail.text.trim()).toBe('Van 1 entered Depot\n\nTime: 2026-11-21 10:00:00 UTC');
  });

  it('reports a refused mail without retrying forever on a missing address', async () => {
    const ctx = {
      ...envContext({}),
      mailer: { send: () => Promise.reject(Object.assign(new Error('x'), { responseCode: 550 })), close() {} },
    };
    await expect(mailChannel.send(ctx, sampleDelivery())).rejects.toMatchObject({ message: 'mail not accepted (550)' });
    await expect(mailChannel.send(ctx, sampleDelivery({ email: 'nobody' }))).rejects.toMatchObject({
      retryable: false,
    });
  });
});
