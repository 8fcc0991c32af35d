import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/state-views';
import type { PetPeriodParams, PetReportKind, PetReportOf } from '../pets.api';
import { usePetReportQuery } from '../pets.queries';

/** Loads one report of the pet and period, and shows it with `children` once it is there. */
export function PetReportQuery<K extends PetReportKind>({
  kind,
  deviceId,
  period,
  children,
}: {
  kind: K;
  deviceId: number;
  period: PetPeriodParams;
  children: (report: PetReportOf<K>) => ReactNode;
}) {
  const { t } = useTranslation('pets');
  const query = usePetReportQuery(kind, deviceId, period);
  if (query.data) return <>{children(query.data)}</>;
  if (query.error)
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} title={t('loadFailed')} />;
  return <LoadingState />;
}
