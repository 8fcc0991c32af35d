import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userSchema } from '@waymark/contracts/user';
import {
  completeOpenIdSignIn,
  createTotpSecret,
  fetchServer,
  fetchSession,
  registerUser,
  requestPasswordReset,
  signIn,
  signOut,
  updatePassword,
  verifyTotp,
} from './auth.api';

/** Query keys of the auth feature; every key starts with `authKeys.all`. */
export const authKeys = {
  all: ['auth'] as const,
  session: () => [...authKeys.all, 'session'] as const,
  server: () => [...authKeys.all, 'server'] as const,
};

/** GET /api/session: the signed-in user. Not retried: a failure sends the user to /login. */
export function useSessionQuery(enabled = true) {
  return useQuery({
    queryKey: authKeys.session(),
    queryFn: fetchSession,
    enabled,
    // a refusal (4xx) is final; a server or connection error is tried again, as every query is
    staleTime: 5 * 60_000,
  });
}

/** GET /api/server: public server settings (registration, OpenID, ...). */
export function useServerQuery() {
  return useQuery({ queryKey: authKeys.server(), queryFn: fetchServer, staleTime: 5 * 60_000, retry: 1 });
}

export function useSignInMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (result) => {
      // The sign-in answer carries the user; parsing drops the token fields before caching it as the session.
      if (result.kind === 'signed-in') queryClient.setQueryData(authKeys.session(), userSchema.parse(result.user));
    },
  });
}

export function useCompleteOpenIdMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeOpenIdSignIn,
    onSuccess: () => queryClient.removeQueries({ queryKey: authKeys.session() }),
  });
}

export function useSignOutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => queryClient.clear(),
  });
}

export const useRegisterMutation = () => useMutation({ mutationFn: registerUser });
export const usePasswordResetMutation = () => useMutation({ mutationFn: requestPasswordReset });
export const usePasswordUpdateMutation = () =>
  useMutation({
    mutationFn: (input: { token: string; password: string }) => updatePassword(input.token, input.password),
  });
export const useTotpSetupMutation = () => useMutation({ mutationFn: createTotpSecret });

export function useVerifyTotpMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTotp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.session() }),
  });
}
