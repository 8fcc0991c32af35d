-- AlterTable
ALTER TABLE "users" ADD COLUMN     "emailUnconfirmed" BOOLEAN NOT NULL DEFAULT false;

-- Accounts self-registered with a password before this column existed, never bound to an OpenID identity and
-- with no password link used since (the audit log says both), are unconfirmed as well.
UPDATE "users" u SET "emailUnconfirmed" = true
WHERE u."passwordHash" IS NOT NULL
  AND u."oidcSubject" IS NULL
  AND EXISTS (SELECT 1 FROM "audit_log" a WHERE a."userId" = u.id AND a.action = 'user.registered')
  AND NOT EXISTS (SELECT 1 FROM "audit_log" a WHERE a."userId" = u.id AND a.action = 'password.changed');
