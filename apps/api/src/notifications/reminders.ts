import type { AppContext } from '../context';
import { serverAttributes } from './compose';
import { pickLanguage, renderReminder } from './templates/render';

/** Reminders are mailed this long before their expiry (3 days). */
export const REMINDER_LEAD_MS = 3 * 24 * 3_600_000;

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * Mails every reminder (Maintenance with attributes.isReminder) whose expiry is at most 3 days away and not yet
 * past to its sendTo addresses, once per expiry: attributes.reminderNotifiedFor keeps the expiry reminded of,
 * so a changed expiry is reminded again. Several API nodes may sweep: the mark is claimed in one UPDATE first.
 */
export async function sweepReminders(ctx: AppContext, now = new Date()): Promise<number> {
  const rows = await ctx.db.maintenance.findMany({
    where: { attributes: { path: ['isReminder'], equals: true } },
    select: { id: true, name: true, attributes: true },
  });
  let sent = 0;
  let language: ReturnType<typeof pickLanguage> | null = null;
  for (const row of rows) {
    const a = (row.attributes ?? {}) as Record<string, unknown>;
    const expiry = new Date(text(a.expiry));
    if (Number.isNaN(expiry.getTime())) continue;
    if (expiry.getTime() - now.getTime() > REMINDER_LEAD_MS || expiry <= now) continue;
    const mark = expiry.toISOString();
    if (a.reminderNotifiedFor === mark) continue;
    const to = text(a.sendTo)
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s.includes('@'));
    if (to.length === 0) continue;
    const claimed = await ctx.db.$executeRaw`
      UPDATE maintenances SET attributes = jsonb_set(attributes, '{reminderNotifiedFor}', to_jsonb(${mark}::text))
       WHERE id = ${row.id} AND (attributes->>'reminderNotifiedFor') IS DISTINCT FROM ${mark}`;
    if (claimed !== 1) continue;
    language ??= pickLanguage(null, await serverAttributes(ctx));
    const mail = renderReminder(language, { item: text(a.item) || row.name, remarks: text(a.remarks), expiry });
    try {
      await ctx.mailer.send({ to: to.join(', '), subject: mail.subject, text: mail.body });
      sent++;
    } catch (err) {
      // not marked after all: the next sweep tries again
      await ctx.db.$executeRaw`
        UPDATE maintenances SET attributes = attributes - 'reminderNotifiedFor'
         WHERE id = ${row.id} AND attributes->>'reminderNotifiedFor' = ${mark}`;
      ctx.log.warn({ err, maintenanceId: row.id }, 'reminder not mailed');
    }
  }
  return sent;
}
