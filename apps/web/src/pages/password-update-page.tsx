import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { AuthCard } from '../components/auth-card';
import { PasswordUpdateForm } from '../features/auth/components/password-update-form';

/** /password/reset/:token and /password/create/:token: choose a (new) password with the emailed token. */
export function PasswordUpdatePage({ mode }: { mode: 'reset' | 'create' }) {
  const { t } = useTranslation();
  const { token } = useParams();
  if (!token) return <Navigate to="/password/reset" replace />;
  return (
    <AuthCard title={mode === 'create' ? t('password.createTitle') : t('password.updateTitle')}>
      <PasswordUpdateForm token={token} />
    </AuthCard>
  );
}
