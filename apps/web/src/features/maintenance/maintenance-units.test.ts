import { describe, expect, it } from 'vitest';
import { dateOfEpoch, epochOfDate, fromDisplay, periodUnit, toDisplay } from './maintenance-units';
import { reminderState } from './reminder-fields';

describe('maintenance units', () => {
  it('shows distances in the user unit and stores metres', () => {
    expect(periodUnit('totalDistance', 'mi')).toBe('mi');
    expect(toDisplay('totalDistance', 16_093.44, 'mi')).toBe(10);
    expect(fromDisplay('totalDistance', 5000, 'km')).toBe(5_000_000);
  });

  it('shows engine hours in hours and time periods in days', () => {
    expect(periodUnit('hours', 'km')).toBe('h');
    expect(fromDisplay('hours', 250, 'km')).toBe(900_000_000);
    expect(periodUnit('fixTime', 'km')).toBe('d');
    expect(toDisplay('fixTime', 30 * 86_400_000, 'km')).toBe(30);
  });

  it('turns time starts into days and back', () => {
    expect(dateOfEpoch(epochOfDate('2026-03-01'))).toBe('2026-03-01');
  });
});

describe('reminderState', () => {
  const now = Date.parse('2026-05-10T12:00:00Z');
  it('is expired, due soon within 3 days, else upcoming', () => {
    expect(reminderState('2026-05-09T12:00:00Z', now)).toBe('expired');
    expect(reminderState('2026-05-12T12:00:00Z', now)).toBe('dueSoon');
    expect(reminderState('2026-06-12T12:00:00Z', now)).toBe('upcoming');
  });
});
