-- CreateEnum
CREATE TYPE "DeliveryStatus" AS ENUM ('PENDING', 'SENT', 'FAILED');

-- AlterTable
ALTER TABLE "devices" ADD COLUMN     "eventState" JSONB NOT NULL DEFAULT '{}';

-- CreateTable
CREATE TABLE "user_links" (
    "userId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "objectId" INTEGER NOT NULL,

    CONSTRAINT "user_links_pkey" PRIMARY KEY ("userId","kind","objectId")
);

-- CreateTable
CREATE TABLE "device_images" (
    "deviceId" INTEGER NOT NULL,
    "contentType" TEXT NOT NULL,
    "data" BYTEA NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "device_images_pkey" PRIMARY KEY ("deviceId")
);

-- CreateTable
CREATE TABLE "notification_deliveries" (
    "id" BIGSERIAL NOT NULL,
    "tenantId" INTEGER,
    "eventId" BIGINT NOT NULL,
    "userId" INTEGER NOT NULL,
    "channel" TEXT NOT NULL,
    "notificationId" INTEGER,
    "status" "DeliveryStatus" NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" TIMESTAMP(3),

    CONSTRAINT "notification_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "user_links_kind_objectId_idx" ON "user_links"("kind", "objectId");

-- CreateIndex
CREATE INDEX "notification_deliveries_status_nextAttemptAt_idx" ON "notification_deliveries"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "notification_deliveries_tenantId_idx" ON "notification_deliveries"("tenantId");

-- CreateIndex
CREATE UNIQUE INDEX "notification_deliveries_eventId_userId_channel_key" ON "notification_deliveries"("eventId", "userId", "channel");

-- AddForeignKey
ALTER TABLE "user_links" ADD CONSTRAINT "user_links_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_images" ADD CONSTRAINT "device_images_deviceId_fkey" FOREIGN KEY ("deviceId") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;
