-- CreateTable
CREATE TABLE "forwarding" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "topic" TEXT NOT NULL DEFAULT '',
    "exchange" TEXT NOT NULL DEFAULT '',
    "headers" JSONB NOT NULL DEFAULT '{}',
    "positions" BOOLEAN NOT NULL DEFAULT true,
    "events" BOOLEAN NOT NULL DEFAULT false,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "queueLimit" INTEGER NOT NULL DEFAULT 1000000,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3),
    "lastError" TEXT,
    "lastErrorAt" TIMESTAMP(3),
    "lastDeliveredAt" TIMESTAMP(3),
    "delivered" BIGINT NOT NULL DEFAULT 0,
    "dropped" BIGINT NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "forwarding_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "forwarding_outbox" (
    "forwardingId" INTEGER NOT NULL,
    "id" BIGSERIAL NOT NULL,
    "positionId" BIGINT,
    "fixTime" TIMESTAMP(3),
    "eventId" BIGINT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "forwarding_outbox_pkey" PRIMARY KEY ("forwardingId","id")
);

-- CreateIndex
CREATE INDEX "forwarding_tenantId_idx" ON "forwarding"("tenantId");

-- AddForeignKey
ALTER TABLE "forwarding" ADD CONSTRAINT "forwarding_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;
