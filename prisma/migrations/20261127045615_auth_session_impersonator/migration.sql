-- AlterTable
ALTER TABLE "auth_sessions" ADD COLUMN     "impersonatorId" INTEGER;

-- CreateIndex
CREATE INDEX "auth_sessions_impersonatorId_idx" ON "auth_sessions"("impersonatorId");

-- AddForeignKey
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_impersonatorId_fkey" FOREIGN KEY ("impersonatorId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
