import { Checkbox, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminFormModal } from '../../shared/admin-form-modal';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import { setDevicesExpiry } from '../stock.api';
import { stockKeys } from '../stock.queries';

/** Sets the expiry date of one device or of the selected ones (a list of one for a single device). */
export function ExpiryModal({
  deviceIds,
  current,
  onClose,
}: {
  deviceIds: number[];
  /** The single device's expiry, to start from. */
  current?: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('adminStock');
  const [day, setDay] = useState(current ? current.slice(0, 10) : '');
  const [none, setNone] = useState(current === null && deviceIds.length === 1);
  const [error, setError] = useState<string | null>(null);
  const mutation = useAdminMutation({
    mutationFn: (expirationTime: string | null) => setDevicesExpiry({ deviceIds, expirationTime }),
    invalidates: [stockKeys.all],
    success: t('expiry.updated'),
    failure: t('expiry.failed'),
    onSuccess: onClose,
  });
  const submit = () => {
    if (none) return mutation.mutate(null);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return setError(t('assign.required'));
    mutation.mutate(`${day}T00:00:00Z`);
  };
  return (
    <AdminFormModal
      opened
      size="sm"
      title={deviceIds.length > 1 ? t('expiry.titleMany', { count: deviceIds.length }) : t('expiry.title')}
      onClose={onClose}
      onSubmit={submit}
      submitting={mutation.isPending}
    >
      <TextInput
        type="date"
        label={t('expiry.date')}
        value={day}
        disabled={none}
        error={error}
        onChange={(event) => {
          setDay(event.currentTarget.value);
          setError(null);
        }}
      />
      <Checkbox label={t('expiry.clear')} checked={none} onChange={(event) => setNone(event.currentTarget.checked)} />
    </AdminFormModal>
  );
}
