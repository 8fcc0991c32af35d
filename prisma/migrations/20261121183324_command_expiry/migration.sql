-- AlterTable
ALTER TABLE "queued_commands" ADD COLUMN     "deliveredAt" TIMESTAMP(3),
ADD COLUMN     "expiresAt" TIMESTAMP(3);
