import type { StatisticsCounter } from '../statistics/statistics-counter';
import type { Mailer } from './mailer';

/** The mailer, counting each mail it sent in the day's statistics (mailSent). */
export function countingMailer(mailer: Mailer, statistics: StatisticsCounter): Mailer {
  return {
    async send(mail) {
      await mailer.send(mail);
      statistics.add('mailSent');
    },
    close: () => mailer.close(),
  };
}
