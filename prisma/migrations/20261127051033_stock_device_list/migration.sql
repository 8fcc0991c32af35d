-- CreateIndex
CREATE INDEX "devices_name_id_idx" ON "devices"("name", "id");

-- CreateIndex
CREATE INDEX "devices_createdAt_id_idx" ON "devices"("createdAt", "id");

-- CreateIndex
CREATE INDEX "devices_status_id_idx" ON "devices"("status", "id");

-- Search of the admin stock list: name, uniqueId (IMEI) and ICCID contain the text, any case (ILIKE '%…%'), which
-- only trigram indexes serve. pg_trgm ships with PostgreSQL's contrib; where a server lacks it (an embedded or
-- in-process database) the search scans instead, so the migration goes on without it. These indexes stay out of
-- the Prisma schema, which has no way to express an extension's operator class without a preview feature.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available: the device search scans without trigram indexes';
END $$;

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS "devices_name_trgm_idx" ON "devices" USING gin ("name" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "devices_uniqueId_trgm_idx" ON "devices" USING gin ("uniqueId" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "sim_cards_iccid_trgm_idx" ON "sim_cards" USING gin ("iccid" gin_trgm_ops);
  END IF;
END $$;
