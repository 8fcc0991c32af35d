-- Pet profiles: species, breed, weight, birth date and daily goals of a pet tracker's animal, one per device.
-- CreateTable
CREATE TABLE "pet_profiles" (
    "deviceId" INTEGER NOT NULL,
    "tenantId" INTEGER,
    "species" TEXT NOT NULL,
    "breed" TEXT,
    "weightKg" DOUBLE PRECISION,
    "birthDate" DATE,
    "activeMinutesGoal" INTEGER NOT NULL,
    "stepsGoal" INTEGER NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "pet_profiles_pkey" PRIMARY KEY ("deviceId")
);

-- CreateIndex
CREATE INDEX "pet_profiles_tenantId_idx" ON "pet_profiles"("tenantId");

-- AddForeignKey
ALTER TABLE "pet_profiles" ADD CONSTRAINT "pet_profiles_deviceId_fkey" FOREIGN KEY ("deviceId") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;
