import { describe, expect, it } from 'vitest';
import { onChange, signalChange } from './changes';

describe('change signal', () => {
  it('tells subscribers which tenant changed, until they unsubscribe', () => {
    const heard: (number | null | undefined)[] = [];
    const off = onChange('notificationRules', (tenantId) => heard.push(tenantId));
    signalChange('notificationRules', 7);
    signalChange('notificationRules', null);
    signalChange('notificationRules');
    off();
    signalChange('notificationRules', 8);
    expect(heard).toEqual([7, null, undefined]);
  });
});
