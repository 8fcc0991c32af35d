-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "CodePurpose" AS ENUM ('LOGIN', 'PASSWORD_RESET', 'PASSWORD_CREATE');

-- CreateEnum
CREATE TYPE "StockStatus" AS ENUM ('IN_STOCK', 'READY', 'ASSIGNED', 'UN_ASSIGNED', 'DISABLED');

-- CreateEnum
CREATE TYPE "SimStatus" AS ENUM ('INACTIVE', 'ACTIVE', 'SUSPENDED', 'TERMINATED');

-- CreateEnum
CREATE TYPE "QueuedCommandStatus" AS ENUM ('QUEUED', 'SENT', 'DELIVERED', 'FAILED', 'EXPIRED');

-- CreateEnum
CREATE TYPE "Gender" AS ENUM ('male', 'female', 'other');

-- CreateEnum
CREATE TYPE "BillingInterval" AS ENUM ('MONTHLY', 'QUARTERLY', 'YEARLY');

-- CreateEnum
CREATE TYPE "InvoiceStatus" AS ENUM ('DRAFT', 'ISSUED', 'PAID', 'OVERDUE', 'VOID');

-- CreateTable
CREATE TABLE "tenants" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "parentTenantId" INTEGER,
    "userId" INTEGER,
    "tenantGroupId" INTEGER,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "subscriptionId" INTEGER,
    "subscriptionExpiresAt" TIMESTAMP(3),
    "email" TEXT,
    "phone" TEXT,
    "address" TEXT,
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "tenants_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "users" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER,
    "roleId" INTEGER,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "passwordHash" TEXT,
    "phone" TEXT,
    "administrator" BOOLEAN NOT NULL DEFAULT false,
    "readonly" BOOLEAN NOT NULL DEFAULT false,
    "deviceReadonly" BOOLEAN NOT NULL DEFAULT false,
    "limitCommands" BOOLEAN NOT NULL DEFAULT false,
    "disableReports" BOOLEAN NOT NULL DEFAULT false,
    "fixedEmail" BOOLEAN NOT NULL DEFAULT false,
    "disabled" BOOLEAN NOT NULL DEFAULT false,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "temporary" BOOLEAN NOT NULL DEFAULT false,
    "expirationTime" TIMESTAMP(3),
    "deviceLimit" INTEGER NOT NULL DEFAULT -1,
    "userLimit" INTEGER NOT NULL DEFAULT 0,
    "termsAcceptedAt" TIMESTAMP(3),
    "totpKey" TEXT,
    "totpPendingKey" TEXT,
    "totpLastStep" INTEGER,
    "emailOtp" BOOLEAN NOT NULL DEFAULT false,
    "map" TEXT,
    "latitude" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "longitude" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "zoom" INTEGER NOT NULL DEFAULT 0,
    "coordinateFormat" TEXT,
    "poiLayer" TEXT,
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "lastLoginAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "roles" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "permissions" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "system" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "roles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "auth_sessions" (
    "id" UUID NOT NULL,
    "userId" INTEGER NOT NULL,
    "refreshTokenHash" TEXT NOT NULL,
    "ip" TEXT,
    "userAgent" TEXT,
    "method" TEXT NOT NULL DEFAULT 'password',
    "persistent" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "auth_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_tokens" (
    "id" UUID NOT NULL,
    "userId" INTEGER NOT NULL,
    "expiresAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "api_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "one_time_codes" (
    "id" UUID NOT NULL,
    "userId" INTEGER NOT NULL,
    "purpose" "CodePurpose" NOT NULL,
    "codeHash" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "one_time_codes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "server" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "registration" BOOLEAN NOT NULL DEFAULT false,
    "readonly" BOOLEAN NOT NULL DEFAULT false,
    "deviceReadonly" BOOLEAN NOT NULL DEFAULT false,
    "limitCommands" BOOLEAN NOT NULL DEFAULT false,
    "disableReports" BOOLEAN NOT NULL DEFAULT false,
    "forceSettings" BOOLEAN NOT NULL DEFAULT false,
    "fixedEmail" BOOLEAN NOT NULL DEFAULT false,
    "disableServerChange" BOOLEAN NOT NULL DEFAULT false,
    "disableShare" BOOLEAN NOT NULL DEFAULT false,
    "emailOtp" BOOLEAN NOT NULL DEFAULT false,
    "map" TEXT,
    "mapUrl" TEXT,
    "bingKey" TEXT,
    "poiLayer" TEXT,
    "announcement" TEXT,
    "latitude" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "longitude" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "zoom" INTEGER NOT NULL DEFAULT 0,
    "coordinateFormat" TEXT,
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "server_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "groups" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER,
    "name" TEXT NOT NULL,
    "parentGroupId" INTEGER,
    "userId" INTEGER,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "groups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "user_groups" (
    "userId" INTEGER NOT NULL,
    "groupId" INTEGER NOT NULL,

    CONSTRAINT "user_groups_pkey" PRIMARY KEY ("userId","groupId")
);

-- CreateTable
CREATE TABLE "user_devices" (
    "userId" INTEGER NOT NULL,
    "deviceId" INTEGER NOT NULL,

    CONSTRAINT "user_devices_pkey" PRIMARY KEY ("userId","deviceId")
);

-- CreateTable
CREATE TABLE "devices" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER,
    "uniqueId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'unknown',
    "lastUpdate" TIMESTAMP(3),
    "positionId" BIGINT,
    "groupId" INTEGER,
    "userId" INTEGER,
    "modelId" INTEGER,
    "simCardId" INTEGER,
    "vendorId" INTEGER,
    "calendarId" INTEGER,
    "category" TEXT,
    "contact" TEXT,
    "phone" TEXT,
    "expirationTime" TIMESTAMP(3),
    "disabled" BOOLEAN NOT NULL DEFAULT false,
    "stockStatus" "StockStatus" NOT NULL DEFAULT 'IN_STOCK',
    "plateNumber" TEXT,
    "vin" TEXT,
    "engineNumber" TEXT,
    "color" TEXT,
    "brand" TEXT,
    "vehicleModel" TEXT,
    "installedBy" TEXT,
    "installedAt" TIMESTAMP(3),
    "installationCompany" TEXT,
    "installationPosition" TEXT,
    "installationAddress" TEXT,
    "installationImage" TEXT,
    "fuelTankShape" TEXT,
    "fuelTankLength" DOUBLE PRECISION,
    "fuelTankWidth" DOUBLE PRECISION,
    "fuelTankHeight" DOUBLE PRECISION,
    "fuelTankDiameter" DOUBLE PRECISION,
    "fuelTankVolume" DOUBLE PRECISION,
    "fuelDropThreshold" DOUBLE PRECISION,
    "fuelIncreaseThreshold" DOUBLE PRECISION,
    "temperatureDropThreshold" DOUBLE PRECISION,
    "temperatureIncreaseThreshold" DOUBLE PRECISION,
    "frontTireChangeDate" TIMESTAMP(3),
    "frontTireDistance" DOUBLE PRECISION,
    "rearTireChangeDate" TIMESTAMP(3),
    "rearTireDistance" DOUBLE PRECISION,
    "motIssueDate" TIMESTAMP(3),
    "motExpiryDate" TIMESTAMP(3),
    "permitNumber" TEXT,
    "permitCoverage" TEXT,
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "devices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "manufacturers" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "website" TEXT,
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "manufacturers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "device_models" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "protocol" TEXT,
    "port" INTEGER,
    "manufacturerId" INTEGER,
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "device_models_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "vendors" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "contact" TEXT,
    "email" TEXT,
    "phone" TEXT,
    "website" TEXT,
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "vendors_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sim_cards" (
    "id" SERIAL NOT NULL,
    "iccid" TEXT NOT NULL,
    "msisdn" TEXT,
    "imsi" TEXT,
    "vendorId" INTEGER,
    "tenantId" INTEGER,
    "status" "SimStatus" NOT NULL DEFAULT 'INACTIVE',
    "dataPlan" TEXT,
    "activatedAt" TIMESTAMP(3),
    "expiresAt" TIMESTAMP(3),
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "sim_cards_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "positions" (
    "id" BIGSERIAL NOT NULL,
    "deviceId" INTEGER NOT NULL,
    "tenantId" INTEGER,
    "protocol" TEXT,
    "serverTime" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deviceTime" TIMESTAMP(3) NOT NULL,
    "fixTime" TIMESTAMP(3) NOT NULL,
    "valid" BOOLEAN NOT NULL,
    "latitude" DOUBLE PRECISION NOT NULL,
    "longitude" DOUBLE PRECISION NOT NULL,
    "altitude" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "speed" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "course" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "address" TEXT,
    "accuracy" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "network" JSONB,
    "geofenceIds" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "attributes" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "positions_pkey" PRIMARY KEY ("fixTime","id")
);

-- CreateTable
CREATE TABLE "events" (
    "id" BIGSERIAL NOT NULL,
    "tenantId" INTEGER,
    "deviceId" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "eventTime" TIMESTAMP(3) NOT NULL,
    "positionId" BIGINT,
    "geofenceId" INTEGER,
    "maintenanceId" INTEGER,
    "attributes" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "geofences" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "area" TEXT NOT NULL,
    "calendarId" INTEGER,
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "geofences_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "routes" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "area" TEXT NOT NULL,
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "routes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pois" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "latitude" DOUBLE PRECISION NOT NULL,
    "longitude" DOUBLE PRECISION NOT NULL,
    "radius" DOUBLE PRECISION NOT NULL DEFAULT 50,
    "category" TEXT,
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "pois_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "calendars" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER,
    "name" TEXT NOT NULL,
    "data" TEXT NOT NULL,
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "calendars_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notifications" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER,
    "type" TEXT NOT NULL,
    "description" TEXT,
    "always" BOOLEAN NOT NULL DEFAULT false,
    "channels" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "commandId" INTEGER,
    "calendarId" INTEGER,
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "commands" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER,
    "description" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "textChannel" BOOLEAN NOT NULL DEFAULT false,
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "commands_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "queued_commands" (
    "id" BIGSERIAL NOT NULL,
    "tenantId" INTEGER,
    "deviceId" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "textChannel" BOOLEAN NOT NULL DEFAULT false,
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "status" "QueuedCommandStatus" NOT NULL DEFAULT 'QUEUED',
    "result" TEXT,
    "createdById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" TIMESTAMP(3),

    CONSTRAINT "queued_commands_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "drivers" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER,
    "uniqueId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "cardNo" TEXT,
    "cardIssuingPlace" TEXT,
    "cardIssueDate" TIMESTAMP(3),
    "cardExpirationDate" TIMESTAMP(3),
    "gender" "Gender",
    "birthday" TIMESTAMP(3),
    "personalId" TEXT,
    "icNo" TEXT,
    "mobile" TEXT,
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "drivers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "maintenances" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "start" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "period" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "lastTime" TIMESTAMP(3),
    "nextTime" TIMESTAMP(3),
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "maintenances_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "computed_attributes" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER,
    "description" TEXT NOT NULL,
    "attribute" TEXT NOT NULL,
    "expression" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "priority" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "computed_attributes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "scheduled_reports" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER,
    "userId" INTEGER,
    "type" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "calendarId" INTEGER NOT NULL,
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "scheduled_reports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "device_geofences" (
    "deviceId" INTEGER NOT NULL,
    "geofenceId" INTEGER NOT NULL,

    CONSTRAINT "device_geofences_pkey" PRIMARY KEY ("deviceId","geofenceId")
);

-- CreateTable
CREATE TABLE "group_geofences" (
    "groupId" INTEGER NOT NULL,
    "geofenceId" INTEGER NOT NULL,

    CONSTRAINT "group_geofences_pkey" PRIMARY KEY ("groupId","geofenceId")
);

-- CreateTable
CREATE TABLE "device_notifications" (
    "deviceId" INTEGER NOT NULL,
    "notificationId" INTEGER NOT NULL,

    CONSTRAINT "device_notifications_pkey" PRIMARY KEY ("deviceId","notificationId")
);

-- CreateTable
CREATE TABLE "group_notifications" (
    "groupId" INTEGER NOT NULL,
    "notificationId" INTEGER NOT NULL,

    CONSTRAINT "group_notifications_pkey" PRIMARY KEY ("groupId","notificationId")
);

-- CreateTable
CREATE TABLE "device_drivers" (
    "deviceId" INTEGER NOT NULL,
    "driverId" INTEGER NOT NULL,

    CONSTRAINT "device_drivers_pkey" PRIMARY KEY ("deviceId","driverId")
);

-- CreateTable
CREATE TABLE "group_drivers" (
    "groupId" INTEGER NOT NULL,
    "driverId" INTEGER NOT NULL,

    CONSTRAINT "group_drivers_pkey" PRIMARY KEY ("groupId","driverId")
);

-- CreateTable
CREATE TABLE "device_maintenances" (
    "deviceId" INTEGER NOT NULL,
    "maintenanceId" INTEGER NOT NULL,

    CONSTRAINT "device_maintenances_pkey" PRIMARY KEY ("deviceId","maintenanceId")
);

-- CreateTable
CREATE TABLE "group_maintenances" (
    "groupId" INTEGER NOT NULL,
    "maintenanceId" INTEGER NOT NULL,

    CONSTRAINT "group_maintenances_pkey" PRIMARY KEY ("groupId","maintenanceId")
);

-- CreateTable
CREATE TABLE "device_commands" (
    "deviceId" INTEGER NOT NULL,
    "commandId" INTEGER NOT NULL,

    CONSTRAINT "device_commands_pkey" PRIMARY KEY ("deviceId","commandId")
);

-- CreateTable
CREATE TABLE "group_commands" (
    "groupId" INTEGER NOT NULL,
    "commandId" INTEGER NOT NULL,

    CONSTRAINT "group_commands_pkey" PRIMARY KEY ("groupId","commandId")
);

-- CreateTable
CREATE TABLE "device_computed_attributes" (
    "deviceId" INTEGER NOT NULL,
    "attributeId" INTEGER NOT NULL,

    CONSTRAINT "device_computed_attributes_pkey" PRIMARY KEY ("deviceId","attributeId")
);

-- CreateTable
CREATE TABLE "group_computed_attributes" (
    "groupId" INTEGER NOT NULL,
    "attributeId" INTEGER NOT NULL,

    CONSTRAINT "group_computed_attributes_pkey" PRIMARY KEY ("groupId","attributeId")
);

-- CreateTable
CREATE TABLE "subscriptions" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "priceCents" INTEGER NOT NULL DEFAULT 0,
    "currency" TEXT NOT NULL DEFAULT 'EUR',
    "interval" "BillingInterval" NOT NULL DEFAULT 'MONTHLY',
    "deviceLimit" INTEGER NOT NULL DEFAULT -1,
    "disabled" BOOLEAN NOT NULL DEFAULT false,
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invoices" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL,
    "subscriptionId" INTEGER,
    "number" TEXT NOT NULL,
    "status" "InvoiceStatus" NOT NULL DEFAULT 'DRAFT',
    "amountCents" INTEGER NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'EUR',
    "periodStart" TIMESTAMP(3) NOT NULL,
    "periodEnd" TIMESTAMP(3) NOT NULL,
    "issuedAt" TIMESTAMP(3),
    "dueAt" TIMESTAMP(3),
    "paidAt" TIMESTAMP(3),
    "lines" JSONB NOT NULL DEFAULT '[]',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "invoices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "billing_notifications" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "value" INTEGER NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "billing_notifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "share_links" (
    "id" UUID NOT NULL,
    "tenantId" INTEGER,
    "deviceId" INTEGER NOT NULL,
    "createdById" INTEGER,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "revokedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "share_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_log" (
    "id" BIGSERIAL NOT NULL,
    "tenantId" INTEGER,
    "userId" INTEGER,
    "action" TEXT NOT NULL,
    "objectType" TEXT,
    "objectId" TEXT,
    "ip" TEXT,
    "details" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "statistics" (
    "id" BIGSERIAL NOT NULL,
    "captureTime" TIMESTAMP(3) NOT NULL,
    "activeUsers" INTEGER NOT NULL DEFAULT 0,
    "activeDevices" INTEGER NOT NULL DEFAULT 0,
    "requests" INTEGER NOT NULL DEFAULT 0,
    "messagesReceived" INTEGER NOT NULL DEFAULT 0,
    "messagesStored" INTEGER NOT NULL DEFAULT 0,
    "mailSent" INTEGER NOT NULL DEFAULT 0,
    "smsSent" INTEGER NOT NULL DEFAULT 0,
    "geocoderRequests" INTEGER NOT NULL DEFAULT 0,
    "geolocationRequests" INTEGER NOT NULL DEFAULT 0,
    "protocols" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "statistics_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "server_keys" (
    "id" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "server_keys_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "tenants_userId_key" ON "tenants"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "tenants_tenantGroupId_key" ON "tenants"("tenantGroupId");

-- CreateIndex
CREATE INDEX "tenants_parentTenantId_idx" ON "tenants"("parentTenantId");

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE INDEX "users_tenantId_idx" ON "users"("tenantId");

-- CreateIndex
CREATE INDEX "users_roleId_idx" ON "users"("roleId");

-- CreateIndex
CREATE UNIQUE INDEX "roles_tenantId_name_key" ON "roles"("tenantId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "auth_sessions_refreshTokenHash_key" ON "auth_sessions"("refreshTokenHash");

-- CreateIndex
CREATE INDEX "auth_sessions_userId_idx" ON "auth_sessions"("userId");

-- CreateIndex
CREATE INDEX "api_tokens_userId_idx" ON "api_tokens"("userId");

-- CreateIndex
CREATE INDEX "one_time_codes_userId_purpose_idx" ON "one_time_codes"("userId", "purpose");

-- CreateIndex
CREATE INDEX "one_time_codes_codeHash_idx" ON "one_time_codes"("codeHash");

-- CreateIndex
CREATE INDEX "groups_tenantId_idx" ON "groups"("tenantId");

-- CreateIndex
CREATE INDEX "groups_parentGroupId_idx" ON "groups"("parentGroupId");

-- CreateIndex
CREATE INDEX "user_groups_groupId_idx" ON "user_groups"("groupId");

-- CreateIndex
CREATE INDEX "user_devices_deviceId_idx" ON "user_devices"("deviceId");

-- CreateIndex
CREATE UNIQUE INDEX "devices_uniqueId_key" ON "devices"("uniqueId");

-- CreateIndex
CREATE UNIQUE INDEX "devices_simCardId_key" ON "devices"("simCardId");

-- CreateIndex
CREATE INDEX "devices_tenantId_idx" ON "devices"("tenantId");

-- CreateIndex
CREATE INDEX "devices_groupId_idx" ON "devices"("groupId");

-- CreateIndex
CREATE INDEX "devices_userId_idx" ON "devices"("userId");

-- CreateIndex
CREATE INDEX "devices_stockStatus_idx" ON "devices"("stockStatus");

-- CreateIndex
CREATE INDEX "devices_expirationTime_idx" ON "devices"("expirationTime");

-- CreateIndex
CREATE INDEX "devices_motExpiryDate_idx" ON "devices"("motExpiryDate");

-- CreateIndex
CREATE UNIQUE INDEX "manufacturers_name_key" ON "manufacturers"("name");

-- CreateIndex
CREATE UNIQUE INDEX "device_models_name_key" ON "device_models"("name");

-- CreateIndex
CREATE UNIQUE INDEX "vendors_name_key" ON "vendors"("name");

-- CreateIndex
CREATE UNIQUE INDEX "sim_cards_iccid_key" ON "sim_cards"("iccid");

-- CreateIndex
CREATE INDEX "sim_cards_tenantId_idx" ON "sim_cards"("tenantId");

-- CreateIndex
CREATE INDEX "positions_deviceId_fixTime_idx" ON "positions"("deviceId", "fixTime");

-- CreateIndex
CREATE INDEX "positions_id_idx" ON "positions"("id");

-- CreateIndex
CREATE INDEX "events_deviceId_eventTime_idx" ON "events"("deviceId", "eventTime");

-- CreateIndex
CREATE INDEX "events_tenantId_eventTime_idx" ON "events"("tenantId", "eventTime");

-- CreateIndex
CREATE INDEX "geofences_tenantId_idx" ON "geofences"("tenantId");

-- CreateIndex
CREATE INDEX "routes_tenantId_idx" ON "routes"("tenantId");

-- CreateIndex
CREATE INDEX "pois_tenantId_idx" ON "pois"("tenantId");

-- CreateIndex
CREATE INDEX "calendars_tenantId_idx" ON "calendars"("tenantId");

-- CreateIndex
CREATE INDEX "notifications_tenantId_idx" ON "notifications"("tenantId");

-- CreateIndex
CREATE INDEX "commands_tenantId_idx" ON "commands"("tenantId");

-- CreateIndex
CREATE INDEX "queued_commands_deviceId_status_idx" ON "queued_commands"("deviceId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "drivers_tenantId_uniqueId_key" ON "drivers"("tenantId", "uniqueId");

-- CreateIndex
CREATE INDEX "maintenances_tenantId_idx" ON "maintenances"("tenantId");

-- CreateIndex
CREATE INDEX "maintenances_nextTime_idx" ON "maintenances"("nextTime");

-- CreateIndex
CREATE INDEX "computed_attributes_tenantId_idx" ON "computed_attributes"("tenantId");

-- CreateIndex
CREATE INDEX "scheduled_reports_tenantId_idx" ON "scheduled_reports"("tenantId");

-- CreateIndex
CREATE INDEX "device_geofences_geofenceId_idx" ON "device_geofences"("geofenceId");

-- CreateIndex
CREATE INDEX "group_geofences_geofenceId_idx" ON "group_geofences"("geofenceId");

-- CreateIndex
CREATE INDEX "device_notifications_notificationId_idx" ON "device_notifications"("notificationId");

-- CreateIndex
CREATE INDEX "group_notifications_notificationId_idx" ON "group_notifications"("notificationId");

-- CreateIndex
CREATE INDEX "device_drivers_driverId_idx" ON "device_drivers"("driverId");

-- CreateIndex
CREATE INDEX "group_drivers_driverId_idx" ON "group_drivers"("driverId");

-- CreateIndex
CREATE INDEX "device_maintenances_maintenanceId_idx" ON "device_maintenances"("maintenanceId");

-- CreateIndex
CREATE INDEX "group_maintenances_maintenanceId_idx" ON "group_maintenances"("maintenanceId");

-- CreateIndex
CREATE INDEX "device_commands_commandId_idx" ON "device_commands"("commandId");

-- CreateIndex
CREATE INDEX "group_commands_commandId_idx" ON "group_commands"("commandId");

-- CreateIndex
CREATE INDEX "device_computed_attributes_attributeId_idx" ON "device_computed_attributes"("attributeId");

-- CreateIndex
CREATE INDEX "group_computed_attributes_attributeId_idx" ON "group_computed_attributes"("attributeId");

-- CreateIndex
CREATE UNIQUE INDEX "subscriptions_name_key" ON "subscriptions"("name");

-- CreateIndex
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices"("number");

-- CreateIndex
CREATE INDEX "invoices_tenantId_idx" ON "invoices"("tenantId");

-- CreateIndex
CREATE INDEX "invoices_status_dueAt_idx" ON "invoices"("status", "dueAt");

-- CreateIndex
CREATE INDEX "billing_notifications_tenantId_idx" ON "billing_notifications"("tenantId");

-- CreateIndex
CREATE INDEX "share_links_deviceId_idx" ON "share_links"("deviceId");

-- CreateIndex
CREATE INDEX "share_links_tenantId_idx" ON "share_links"("tenantId");

-- CreateIndex
CREATE INDEX "audit_log_tenantId_createdAt_idx" ON "audit_log"("tenantId", "createdAt");

-- CreateIndex
CREATE INDEX "audit_log_userId_createdAt_idx" ON "audit_log"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "statistics_captureTime_idx" ON "statistics"("captureTime");

-- AddForeignKey
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_parentTenantId_fkey" FOREIGN KEY ("parentTenantId") REFERENCES "tenants"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_tenantGroupId_fkey" FOREIGN KEY ("tenantGroupId") REFERENCES "groups"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_subscriptionId_fkey" FOREIGN KEY ("subscriptionId") REFERENCES "subscriptions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_roleId_fkey" FOREIGN KEY ("roleId") REFERENCES "roles"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "roles" ADD CONSTRAINT "roles_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "groups" ADD CONSTRAINT "groups_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "groups" ADD CONSTRAINT "groups_parentGroupId_fkey" FOREIGN KEY ("parentGroupId") REFERENCES "groups"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "groups" ADD CONSTRAINT "groups_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_devices" ADD CONSTRAINT "user_devices_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_devices" ADD CONSTRAINT "user_devices_deviceId_fkey" FOREIGN KEY ("deviceId") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "devices" ADD CONSTRAINT "devices_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "tenants"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "devices" ADD CONSTRAINT "devices_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "groups"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "devices" ADD CONSTRAINT "devices_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "devices" ADD CONSTRAINT "devices_modelId_fkey" FOREIGN KEY ("modelId") REFERENCES "device_models"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "devices" ADD CONSTRAINT "devices_simCardId_fkey" FOREIGN KEY ("simCardId") REFERENCES "sim_cards"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "devices" ADD CONSTRAINT "devices_vendorId_fkey" FOREIGN KEY ("vendorId") REFERENCES "vendors"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "devices" ADD CONSTRAINT "devices_calendarId_fkey" FOREIGN KEY ("calendarId") REFERENCES "calendars"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_models" ADD CONSTRAINT "device_models_manufacturerId_fkey" FOREIGN KEY ("manufacturerId") REFERENCES "manufacturers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sim_cards" ADD CONSTRAINT "sim_cards_vendorId_fkey" FOREIGN KEY ("vendorId") REFERENCES "vendors"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "geofences" ADD CONSTRAINT "geofences_calendarId_fkey" FOREIGN KEY ("calendarId") REFERENCES "calendars"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_commandId_fkey" FOREIGN KEY ("commandId") REFERENCES "commands"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_calendarId_fkey" FOREIGN KEY ("calendarId") REFERENCES "calendars"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "queued_commands" ADD CONSTRAINT "queued_commands_deviceId_fkey" FOREIGN KEY ("deviceId") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scheduled_reports" ADD CONSTRAINT "scheduled_reports_calendarId_fkey" FOREIGN KEY ("calendarId") REFERENCES "calendars"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_geofences" ADD CONSTRAINT "device_geofences_deviceId_fkey" FOREIGN KEY ("deviceId") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_geofences" ADD CONSTRAINT "device_geofences_geofenceId_fkey" FOREIGN KEY ("geofenceId") REFERENCES "geofences"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "group_geofences" ADD CONSTRAINT "group_geofences_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "group_geofences" ADD CONSTRAINT "group_geofences_geofenceId_fkey" FOREIGN KEY ("geofenceId") REFERENCES "geofences"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_notifications" ADD CONSTRAINT "device_notifications_deviceId_fkey" FOREIGN KEY ("deviceId") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_notifications" ADD CONSTRAINT "device_notifications_notificationId_fkey" FOREIGN KEY ("notificationId") REFERENCES "notifications"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "group_notifications" ADD CONSTRAINT "group_notifications_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "group_notifications" ADD CONSTRAINT "group_notifications_notificationId_fkey" FOREIGN KEY ("notificationId") REFERENCES "notifications"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_drivers" ADD CONSTRAINT "device_drivers_deviceId_fkey" FOREIGN KEY ("deviceId") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_drivers" ADD CONSTRAINT "device_drivers_driverId_fkey" FOREIGN KEY ("driverId") REFERENCES "drivers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "group_drivers" ADD CONSTRAINT "group_drivers_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "group_drivers" ADD CONSTRAINT "group_drivers_driverId_fkey" FOREIGN KEY ("driverId") REFERENCES "drivers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_maintenances" ADD CONSTRAINT "device_maintenances_deviceId_fkey" FOREIGN KEY ("deviceId") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_maintenances" ADD CONSTRAINT "device_maintenances_maintenanceId_fkey" FOREIGN KEY ("maintenanceId") REFERENCES "maintenances"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "group_maintenances" ADD CONSTRAINT "group_maintenances_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "group_maintenances" ADD CONSTRAINT "group_maintenances_maintenanceId_fkey" FOREIGN KEY ("maintenanceId") REFERENCES "maintenances"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_deviceId_fkey" FOREIGN KEY ("deviceId") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_commandId_fkey" FOREIGN KEY ("commandId") REFERENCES "commands"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "group_commands" ADD CONSTRAINT "group_commands_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "group_commands" ADD CONSTRAINT "group_commands_commandId_fkey" FOREIGN KEY ("commandId") REFERENCES "commands"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_computed_attributes" ADD CONSTRAINT "device_computed_attributes_deviceId_fkey" FOREIGN KEY ("deviceId") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_computed_attributes" ADD CONSTRAINT "device_computed_attributes_attributeId_fkey" FOREIGN KEY ("attributeId") REFERENCES "computed_attributes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "group_computed_attributes" ADD CONSTRAINT "group_computed_attributes_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "group_computed_attributes" ADD CONSTRAINT "group_computed_attributes_attributeId_fkey" FOREIGN KEY ("attributeId") REFERENCES "computed_attributes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_subscriptionId_fkey" FOREIGN KEY ("subscriptionId") REFERENCES "subscriptions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_deviceId_fkey" FOREIGN KEY ("deviceId") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;
