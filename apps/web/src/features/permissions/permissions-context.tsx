import { createContext, type ReactNode, useContext } from 'react';

const PermissionsContext = createContext<readonly string[]>([]);

/** Supplies the permission flags of the signed-in user (SPEC section 6). */
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
