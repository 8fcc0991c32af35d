-- DropIndex
DROP INDEX "positions_id_idx";

-- AlterTable
ALTER TABLE "positions" DROP CONSTRAINT "positions_pkey",
ALTER COLUMN "network" SET DATA TYPE JSON,
ALTER COLUMN "attributes" SET DATA TYPE JSON,
ADD CONSTRAINT "positions_pkey" PRIMARY KEY ("id");
