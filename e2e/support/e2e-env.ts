/** The platform admin the server creates on first start (WAYMARK_ADMIN_EMAIL / WAYMARK_ADMIN_PASSWORD). */
export const e2eAdmin = {
  email: 'admin@e2e.waymark.test',
  password: 'E2e-admin-Passw0rd',
} as const;
