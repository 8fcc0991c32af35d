import { useTranslation } from 'react-i18next';
import { AuthCard } from '../components/auth-card';
import { PasswordResetRequestForm } from '../features/auth/components/password-reset-request-form';

/** /password/reset: asks for a reset link by email. */
export function PasswordResetRequestPage() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('password.resetTitle')} subtitle={t('password.resetHint')}>
      <PasswordResetRequestForm />
    </AuthCard>
  );
}
