import { describe, expect, it } from 'vitest';
import { StatisticsCounter } from '../statistics/statistics-counter';
import { countingMailer } from './counting-mailer';

describe('countingMailer', () => {
  it('counts the mails sent, not those that failed', async () => {
    const statistics = new StatisticsCounter(() => Date.UTC(2026, 10, 27, 12));
    const sent: string[] = [];
    let fail = false;
    const mailer = countingMailer(
      {
        async send(mail) {
          if (fail) throw new Error('smtp down');
          sent.push(mail.to);
        },
        close() {},
      },
      statistics,
    );
    await mailer.send({ to: 'a@example.test', subject: 's', text: 't' });
    fail = true;
    await expect(mailer.send({ to: 'b@example.test', subject: 's', text: 't' })).rejects.toThrow('smtp down');
    const statements: unknown[][] = [];
    await statistics.flush({
      $executeRaw: async (...args: unknown[]) => {
        statements.push(args);
        return 1;
      },
    } as never);
    expect(sent).toEqual(['a@example.test']);
    // the upsert's values: the day, then requests, received, stored, mailSent, …
    expect(statements[0]?.slice(1, 6)).toEqual(['2026-11-27T00:00:00.000Z', 0, 0, 0, 1]);
  });
});
