-- CreateTable
CREATE TABLE "activity_segments" (
    "deviceId" INTEGER NOT NULL,
    "startTime" TIMESTAMP(3) NOT NULL,
    "kind" TEXT NOT NULL,
    "endTime" TIMESTAMP(3) NOT NULL,
    "confirmedAt" TIMESTAMP(3) NOT NULL,
    "startPositionId" BIGINT NOT NULL,
    "endPositionId" BIGINT NOT NULL,
    "startLat" DOUBLE PRECISION NOT NULL,
    "startLon" DOUBLE PRECISION NOT NULL,
    "endLat" DOUBLE PRECISION NOT NULL,
    "endLon" DOUBLE PRECISION NOT NULL,
    "startAddress" TEXT,
    "endAddress" TEXT,
    "startOdometer" DOUBLE PRECISION NOT NULL,
    "endOdometer" DOUBLE PRECISION NOT NULL,
    "distance" DOUBLE PRECISION NOT NULL,
    "maxSpeed" DOUBLE PRECISION NOT NULL,
    "speedSum" DOUBLE PRECISION NOT NULL,
    "positions" INTEGER NOT NULL,
    "movingMs" DOUBLE PRECISION NOT NULL,
    "idleMs" DOUBLE PRECISION NOT NULL,
    "engineMs" DOUBLE PRECISION NOT NULL,
    "fuelSpent" DOUBLE PRECISION NOT NULL,
    "parkedDrop" DOUBLE PRECISION NOT NULL,
    "parkedRise" DOUBLE PRECISION NOT NULL,
    "risePositionId" BIGINT,
    "riseTime" TIMESTAMP(3),
    "driverUniqueId" TEXT,
    "refuelled" DOUBLE PRECISION NOT NULL,
    "theft" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "activity_segments_pkey" PRIMARY KEY ("deviceId","startTime")
);

-- CreateTable
CREATE TABLE "activity_hours" (
    "deviceId" INTEGER NOT NULL,
    "hour" TIMESTAMP(3) NOT NULL,
    "distance" DOUBLE PRECISION NOT NULL,
    "maxSpeed" DOUBLE PRECISION NOT NULL,
    "speedSum" DOUBLE PRECISION NOT NULL,
    "positions" INTEGER NOT NULL,
    "movingMs" DOUBLE PRECISION NOT NULL,
    "idleMs" DOUBLE PRECISION NOT NULL,
    "engineMs" DOUBLE PRECISION NOT NULL,
    "fuelSpent" DOUBLE PRECISION NOT NULL,
    "parkedDrop" DOUBLE PRECISION NOT NULL,
    "parkedRise" DOUBLE PRECISION NOT NULL,
    "firstTime" TIMESTAMP(3) NOT NULL,
    "lastTime" TIMESTAMP(3) NOT NULL,
    "firstOdometer" DOUBLE PRECISION NOT NULL,
    "lastOdometer" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "activity_hours_pkey" PRIMARY KEY ("deviceId","hour")
);

-- CreateTable
CREATE TABLE "device_activity" (
    "deviceId" INTEGER NOT NULL,
    "state" JSON NOT NULL,
    "since" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "device_activity_pkey" PRIMARY KEY ("deviceId")
);

-- CreateIndex
CREATE INDEX "activity_segments_deviceId_endTime_idx" ON "activity_segments"("deviceId", "endTime");

-- AddForeignKey
ALTER TABLE "activity_segments" ADD CONSTRAINT "activity_segments_deviceId_fkey" FOREIGN KEY ("deviceId") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "activity_hours" ADD CONSTRAINT "activity_hours_deviceId_fkey" FOREIGN KEY ("deviceId") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_activity" ADD CONSTRAINT "device_activity_deviceId_fkey" FOREIGN KEY ("deviceId") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;
