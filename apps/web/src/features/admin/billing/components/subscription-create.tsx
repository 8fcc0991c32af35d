import { Button, Group, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { AdminPageHeader } from '../../shared/admin-page-header';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import { saveSubscription } from '../billing.api';
import { billingKeys } from '../billing.queries';
import { SubscriptionFields, useSubscriptionForm } from './subscription-fields';

/** The new-plan form page; back to the list (reloaded) once created. */
export function SubscriptionCreate() {
  const { t } = useTranslation('adminBilling');
  const { t: ta } = useTranslation('admin');
  const navigate = useNavigate();
  const { form, input } = useSubscriptionForm();
  const save = useAdminMutation({
    mutationFn: saveSubscription,
    invalidates: [billingKeys.subscriptions()],
    success: t('subscriptions.created'),
    failure: t('subscriptions.createFailed'),
    onSuccess: () => navigate('/admin/subscriptions'),
  });
  return (
    <>
      <AdminPageHeader
        title={t('subscriptions.createTitle')}
        back={{ to: '/admin/subscriptions', label: t('subscriptions.title') }}
      />
      <Paper withBorder p="md" radius="md" maw={720}>
        <form noValidate onSubmit={form.onSubmit((v) => save.mutate({ input: input(v) }))}>
          <SubscriptionFields form={form} />
          <Group justify="flex-end" mt="md">
            <Button variant="default" component={Link} to="/admin/subscriptions">
              {ta('cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('subscriptions.create')}
            </Button>
          </Group>
        </form>
      </Paper>
    </>
  );
}
