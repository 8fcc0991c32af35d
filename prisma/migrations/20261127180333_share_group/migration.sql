-- AlterTable
ALTER TABLE "share_links" ADD COLUMN     "groupId" INTEGER,
ALTER COLUMN "deviceId" DROP NOT NULL;

-- CreateIndex
CREATE INDEX "share_links_groupId_idx" ON "share_links"("groupId");

-- AddForeignKey
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;
