import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type ActiveStatus = 'all' | 'active' | 'inactive';

/** All / active / inactive, 'all' by default (not sent to the API). */
export function StatusFilter({ value, onChange }: { value: ActiveStatus; onChange: (value: ActiveStatus) => void }) {
  const { t } = useTranslation('admin');
  return (
    <SegmentedControl
      aria-label={t('statusFilter')}
      value={value}
      onChange={(next) => onChange(next as ActiveStatus)}
      data={[
        { value: 'all', label: t('status.all') },
        { value: 'active', label: t('status.active') },
        { value: 'inactive', label: t('status.inactive') },
      ]}
    />
  );
}
