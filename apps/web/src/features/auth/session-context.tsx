import type { User } from '@waymark/contracts/user';
import { createContext, type ReactNode, useContext } from 'react';
import { PermissionsProvider } from '../permissions/permissions-context';

const SessionContext = createContext<User | null>(null);

/** Provides the signed-in user and their permission flags to everything behind the session gate. */
export function SessionProvider({ user, children }: { user: User; children: ReactNode }) {
  return (
    <SessionContext.Provider value={user}>
      <PermissionsProvider permissions={user.permissions}>{children}</PermissionsProvider>
    </SessionContext.Provider>
  );
}

/** The signed-in user; only valid behind the session gate. */
export function useCurrentUser(): User {
  const user = useContext(SessionContext);
  if (!user) throw new Error('useCurrentUser() must be used behind the session gate');
  return user;
}
