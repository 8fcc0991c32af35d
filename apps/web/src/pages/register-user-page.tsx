import { useTranslation } from 'react-i18next';
import { AuthCard } from '../components/auth-card';
import { RegisterForm } from '../features/auth/components/register-form';
import { ServerErrorAlert } from '../features/auth/components/server-error-alert';

/** /register/user: self-registration when the server allows it. */
export function RegisterUserPage() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('register.title')} subtitle={t('register.subtitle')}>
      <ServerErrorAlert />
      <RegisterForm />
    </AuthCard>
  );
}
