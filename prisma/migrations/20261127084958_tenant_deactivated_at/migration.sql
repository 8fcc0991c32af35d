-- When a tenant was deactivated, so that churn in the billing statistics is counted exactly; cleared on reactivation.
-- AlterTable
ALTER TABLE "tenants" ADD COLUMN     "deactivatedAt" TIMESTAMP(3);

-- Tenants deactivated before this column existed: their last change is the best guess of when (the deactivation
-- being, as a rule, the last thing done to an inactive tenant), as the billing statistics assumed until now.
UPDATE "tenants" SET "deactivatedAt" = "updatedAt" WHERE "active" = false;
