-- SIM card statuses: the values are renamed in place so that every stored card keeps its status
-- (INACTIVE → IN_STOCK, TERMINATED → RETIRED); ACTIVE and SUSPENDED stay as they are.
ALTER TYPE "SimStatus" RENAME VALUE 'INACTIVE' TO 'IN_STOCK';
ALTER TYPE "SimStatus" RENAME VALUE 'TERMINATED' TO 'RETIRED';
ALTER TABLE "sim_cards" ALTER COLUMN "status" SET DEFAULT 'IN_STOCK';

-- CreateTable
CREATE TABLE "sim_card_events" (
    "id" SERIAL NOT NULL,
    "simCardId" INTEGER NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "action" TEXT NOT NULL,
    "fromStatus" "SimStatus",
    "toStatus" "SimStatus",
    "deviceId" INTEGER,
    "userId" INTEGER,
    "details" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "sim_card_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "sim_card_events_simCardId_at_idx" ON "sim_card_events"("simCardId", "at");

-- CreateIndex
CREATE INDEX "sim_cards_status_idx" ON "sim_cards"("status");

-- AddForeignKey
ALTER TABLE "sim_card_events" ADD CONSTRAINT "sim_card_events_simCardId_fkey" FOREIGN KEY ("simCardId") REFERENCES "sim_cards"("id") ON DELETE CASCADE ON UPDATE CASCADE;
