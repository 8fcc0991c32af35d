import { Alert, Stack } from '@mantine/core';
import type { CodeKind } from '@waymark/contracts/session';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { translateServerMessage } from '../../../i18n/server-message';
import { errorText } from '../../../lib/error-text';
import type { Credentials } from '../auth.api';
import { useServerQuery, useSignInMutation } from '../auth.queries';
import { returnPath } from '../session-rules';
import { CodeStep } from './code-step';
import { CredentialsStep, type CredentialsValues } from './credentials-step';
import { OpenIdOnly, SignInOptions } from './sign-in-options';

type Step = { kind: 'credentials' } | { kind: 'code'; codeKind: CodeKind };

/**
 * Sign-in: email and password, then a one-time code when the server answers 401 with `codeKind`.
 * On success the user goes back to the page they asked for, else /home. When the server signs in through OpenID
 * only, the browser goes to the identity provider instead.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useSignInMutation();
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const [credentials, setCredentials] = useState<CredentialsValues>({ email: '', password: '', remember: true });
  const [error, setError] = useState<string | null>(null);
  const { data: server } = useServerQuery();

  const submit = async (attempt: Credentials) => {
    setError(null);
    try {
      const result = await signIn.mutateAsync(attempt);
      if (result.kind === 'signed-in') {
        await navigate(returnPath(location.state), { replace: true });
        return;
      }
      // A second 401 on the code step means the code was refused.
      if (attempt.code) setError(translateServerMessage(t, result.message));
      setStep({ kind: 'code', codeKind: result.codeKind });
    } catch (failure) {
      setError(errorText(t, failure));
    }
  };

  // the server refuses passwords (OIDC_FORCE): no form that could only fail
  if (server?.openIdForce) return <OpenIdOnly />;

  return (
    <Stack gap={0}>
      {error ? (
        <Alert color="error" variant="light" mb="md" title={t('login.signInFailed')}>
          {error}
        </Alert>
      ) : null}
      {step.kind === 'credentials' ? (
        <>
          <CredentialsStep
            initialValues={credentials}
            pending={signIn.isPending}
            onSubmit={(values) => {
              setCredentials(values);
              void submit(values);
            }}
          />
          <SignInOptions />
        </>
      ) : (
        <CodeStep
          codeKind={step.codeKind}
          pending={signIn.isPending}
          onSubmit={(code) => void submit({ ...credentials, code })}
          onBack={() => {
            setError(null);
            setStep({ kind: 'credentials' });
          }}
        />
      )}
    </Stack>
  );
}
