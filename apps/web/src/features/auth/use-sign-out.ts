import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useSignOutMutation } from './auth.queries';
import { LOGIN_PATH } from './session-rules';

/** Signs out (DELETE /api/session), forgets the token, goes to /login and then drops all cached server state. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useSignOutMutation();
  const signOut = async () => {
    // The token is cleared even when the call fails, so the user is signed out locally in any case.
    await mutation.mutateAsync().catch(() => undefined);
    await navigate(LOGIN_PATH, { replace: true });
    queryClient.clear();
  };
  return { signOut, isPending: mutation.isPending };
}
