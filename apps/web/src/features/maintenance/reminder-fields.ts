import type { MaintenanceDto } from '@waymark/contracts/maintenance';

/** Reminders notify by email this long before expiry (3 days). */
export const REMINDER_NOTICE_MS = 3 * 24 * 3_600_000;

export interface ReminderView {
  item: string;
  remarks: string;
  sendTo: string;
  expiry: string | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The reminder fields kept in a maintenance row's attributes. */
export function reminderOf(row: MaintenanceDto): ReminderView {
  const a = row.attributes;
  return {
    item: text(a.item) || row.name,
    remarks: text(a.remarks),
    sendTo: text(a.sendTo),
    expiry: text(a.expiry) || null,
  };
}

export type ReminderState = 'expired' | 'dueSoon' | 'upcoming';

export function reminderState(expiry: string | null, now = Date.now()): ReminderState {
  const at = expiry ? Date.parse(expiry) : Number.NaN;
  if (Number.isNaN(at) || at - now > REMINDER_NOTICE_MS) return 'upcoming';
  return at <= now ? 'expired' : 'dueSoon';
}
