-- DropIndex
DROP INDEX "invoices_tenantId_idx";

-- CreateTable
CREATE TABLE "billing_notices" (
    "id" SERIAL NOT NULL,
    "ruleId" INTEGER NOT NULL,
    "tenantId" INTEGER NOT NULL,
    "period" TEXT NOT NULL,
    "sentAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "billing_notices_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "billing_notices_tenantId_idx" ON "billing_notices"("tenantId");

-- CreateIndex
CREATE UNIQUE INDEX "billing_notices_ruleId_tenantId_period_key" ON "billing_notices"("ruleId", "tenantId", "period");

-- CreateIndex
CREATE UNIQUE INDEX "invoices_tenantId_periodStart_key" ON "invoices"("tenantId", "periodStart");
