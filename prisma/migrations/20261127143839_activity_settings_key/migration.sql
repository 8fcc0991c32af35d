-- AlterTable
ALTER TABLE "device_activity" ADD COLUMN     "settings" TEXT NOT NULL DEFAULT '';
