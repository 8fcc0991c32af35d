-- AlterTable
ALTER TABLE "server" ADD COLUMN     "overlayUrl" TEXT,
ADD COLUMN     "twelveHourFormat" BOOLEAN NOT NULL DEFAULT false;
