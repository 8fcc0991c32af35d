-- The admin device list filters a stock status tile by connection status or by model: each pair gets an index, so
-- that the list and its count read only the matching devices instead of every device of the tile (the pairs'
-- first column serves the tile alone, so the single-column index goes).
DROP INDEX "devices_stockStatus_idx";

-- CreateIndex
CREATE INDEX "devices_stockStatus_status_idx" ON "devices"("stockStatus", "status");

-- CreateIndex
CREATE INDEX "devices_stockStatus_modelId_idx" ON "devices"("stockStatus", "modelId");

-- These columns are correlated (an assigned device is more often online; a model is sold to some tenants and not
-- others) and the planner, which assumes them independent, misjudges combinations that match few or no devices:
-- it walks a sort index through the whole table looking for rows that are not there. Extended statistics
-- (functional dependencies and the most common combinations) give it the real counts. Statistics objects are
-- outside the Prisma schema.
CREATE STATISTICS IF NOT EXISTS "devices_list_stats" (dependencies, mcv) ON "stockStatus", "status", "modelId" FROM "devices";

ANALYZE "devices";
