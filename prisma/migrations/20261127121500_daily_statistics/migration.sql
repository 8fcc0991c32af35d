-- Statistics become one row per UTC day (captureTime unique, so that API nodes add to it by upsert).
-- DropIndex
DROP INDEX "statistics_captureTime_idx";

-- CreateTable
CREATE TABLE "statistics_users" (
    "day" DATE NOT NULL,
    "userId" INTEGER NOT NULL,

    CONSTRAINT "statistics_users_pkey" PRIMARY KEY ("day","userId")
);

-- CreateIndex
CREATE UNIQUE INDEX "statistics_captureTime_key" ON "statistics"("captureTime");
