import { createContext, type ReactNode, useContext } from 'react';

const PermissionsContext = createContext<readonly string[]>([]);

/** Supplies the permission flags of the signed-in user, the union of their role's flags. */
export function PermissionsProvider({
  permissions,
  children,
}: {
  permissions: readonly string[];
  children: ReactNode;
}) {
  return <PermissionsContext.Provider value={permissions}>{children}</PermissionsContext.Provider>;
}

export function usePermissions(): readonly string[] {
  return useContext(PermissionsContext);
}
