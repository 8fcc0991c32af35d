-- AlterTable
ALTER TABLE "routes" ADD COLUMN     "width" DOUBLE PRECISION NOT NULL DEFAULT 100;

-- CreateTable
CREATE TABLE "device_routes" (
    "deviceId" INTEGER NOT NULL,
    "routeId" INTEGER NOT NULL,

    CONSTRAINT "device_routes_pkey" PRIMARY KEY ("deviceId","routeId")
);

-- CreateTable
CREATE TABLE "group_routes" (
    "groupId" INTEGER NOT NULL,
    "routeId" INTEGER NOT NULL,

    CONSTRAINT "group_routes_pkey" PRIMARY KEY ("groupId","routeId")
);

-- CreateIndex
CREATE INDEX "device_routes_routeId_idx" ON "device_routes"("routeId");

-- CreateIndex
CREATE INDEX "group_routes_routeId_idx" ON "group_routes"("routeId");

-- AddForeignKey
ALTER TABLE "device_routes" ADD CONSTRAINT "device_routes_deviceId_fkey" FOREIGN KEY ("deviceId") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_routes" ADD CONSTRAINT "device_routes_routeId_fkey" FOREIGN KEY ("routeId") REFERENCES "routes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "group_routes" ADD CONSTRAINT "group_routes_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "group_routes" ADD CONSTRAINT "group_routes_routeId_fkey" FOREIGN KEY ("routeId") REFERENCES "routes"("id") ON DELETE CASCADE ON UPDATE CASCADE;
