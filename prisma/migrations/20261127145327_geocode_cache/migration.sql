-- Reverse-geocoded addresses, shared by every API node (apps/api/src/geocoding), dropped when expired.
-- CreateTable
CREATE TABLE "geocode_cache" (
    "key" TEXT NOT NULL,
    "parts" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "geocode_cache_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "geocode_cache_expiresAt_idx" ON "geocode_cache"("expiresAt");
