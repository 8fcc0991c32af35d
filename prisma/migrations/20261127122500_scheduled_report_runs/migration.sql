-- Scheduled reports run by the worker: when the last run ended, the failures of the current occurrence, and a
-- lease so that one API node at a time runs a report.
-- AlterTable
ALTER TABLE "scheduled_reports" ADD COLUMN     "failedOccurrence" TIMESTAMP(3),
ADD COLUMN     "failures" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "lastError" TEXT,
ADD COLUMN     "lastRunAt" TIMESTAMP(3),
ADD COLUMN     "leaseUntil" TIMESTAMP(3);

-- Daily summary mails, one per user and local day.
-- CreateTable
CREATE TABLE "daily_summary_mails" (
    "userId" INTEGER NOT NULL,
    "day" TEXT NOT NULL,
    "sentAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "daily_summary_mails_pkey" PRIMARY KEY ("userId","day")
);

-- AddForeignKey
ALTER TABLE "daily_summary_mails" ADD CONSTRAINT "daily_summary_mails_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
