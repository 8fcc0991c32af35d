import '../i18n/admin-resources';
import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { AuthCard } from '../components/auth-card';
import { confirmPayment } from '../features/admin/billing/billing.api';
import { formatMoney } from '../features/admin/billing/components/format';
import { useErrorText } from '../lib/error-text';

const FIELDS = ['invoice', 'session', 'status', 'signature'] as const;

/**
 * /register/payment/success: where the payment provider sends the payer back. The page relays the signed return
 * to the API, which checks it and marks the invoice paid, and shows the outcome.
 */
export function PaymentSuccessPage() {
  const { t, i18n } = useTranslation('adminBilling');
  const describeError = useErrorText();
  const [search] = useSearchParams();
  const params = Object.fromEntries(FIELDS.map((key) => [key, search.get(key) ?? '']));
  const complete = FIELDS.every((key) => params[key]);
  const query = useQuery({
    queryKey: ['payment', params],
    queryFn: () => confirmPayment(params),
    enabled: complete,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <AuthCard title={t('payment.title')}>
      <Stack gap="md">
        {!complete ? <Text>{t('payment.missing')}</Text> : null}
        {complete && query.isPending ? (
          <Stack align="center" gap="xs">
            <Loader aria-label={t('payment.confirming')} />
            <Text>{t('payment.confirming')}</Text>
          </Stack>
        ) : null}
        {query.isError ? (
          <Alert color="error" title={t('payment.failed')}>
            {describeError(query.error)}
          </Alert>
        ) : null}
        {query.data ? (
          <Alert color="success" title={t('payment.success')}>
            {t('payment.successText', {
              number: query.data.number,
              amount: formatMoney(query.data.amountCents, query.data.currency, i18n.language),
            })}
          </Alert>
        ) : null}
        <Anchor component={Link} to="/admin/billing/invoices" size="sm">
          {t('payment.toInvoices')}
        </Anchor>
      </Stack>
    </AuthCard>
  );
}
