-- AlterTable
ALTER TABLE "devices" ADD COLUMN     "busCursor" TEXT;

-- AlterTable
ALTER TABLE "server" ADD COLUMN     "registerUnknown" BOOLEAN NOT NULL DEFAULT false;
