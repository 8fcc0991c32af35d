import { useTranslation } from 'react-i18next';
import { AuthCard } from '../components/auth-card';
import { TotpSetup } from '../features/auth/components/totp-setup';

/** /admin/totp/setup: turn on two-factor authentication for the signed-in user. */
export function TotpSetupPage() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('totp.title')} maxWidth={560}>
      <TotpSetup />
    </AuthCard>
  );
}
