import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { AuthCard } from '../components/auth-card';
import { LoginForm } from '../features/auth/components/login-form';
import { OpenIdCompletion } from '../features/auth/components/openid-completion';
import { ServerErrorAlert } from '../features/auth/components/server-error-alert';

/** /login: email and password (then a code when asked); /login?oidc=1 finishes an OpenID sign-in. */
export function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <ServerErrorAlert />
      {params.get('oidc') === '1' ? <OpenIdCompletion /> : <LoginForm />}
    </AuthCard>
  );
}
