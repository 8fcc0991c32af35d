import type { Prisma } from '@waymark/db/client';

/**
 * After a device moved to tenant `tenantId` (null: the platform's stock), removes what still ties it to objects
 * that are not that tenant's: its links to geofences, computed attributes, notification rules, drivers,
 * maintenances and saved commands of other tenants, the device links of other tenants' users, and its group,
 * calendar and owning user when they are another tenant's. Otherwise the old tenant's geofences and expressions
 * would keep running on the new tenant's positions (the pipeline follows these links), and the old tenant's users
 * keep their links. A pet profile written under another tenant goes too (what its old owner wrote about the animal
 * is not the new tenant's). Returns how many links it removed.
 */
export async function detachFromOtherTenants(
  tx: Prisma.TransactionClient,
  deviceId: number,
  tenantId: number | null,
): Promise<number> {
  const statements = [
    tx.$executeRaw`DELETE FROM device_geofences l USING geofences o
      WHERE l."deviceId" = ${deviceId} AND o.id = l."geofenceId" AND o."tenantId" IS DISTINCT FROM ${tenantId}::int`,
    tx.$executeRaw`DELETE FROM device_computed_attributes l USING computed_attributes o
      WHERE l."deviceId" = ${deviceId} AND o.id = l."attributeId" AND o."tenantId" IS DISTINCT FROM ${tenantId}::int`,
    tx.$executeRaw`DELETE FROM device_notifications l USING notifications o
      WHERE l."deviceId" = ${deviceId} AND o.id = l."notificationId" AND o."tenantId" IS DISTINCT FROM ${tenantId}::int`,
    tx.$executeRaw`DELETE FROM device_drivers l USING drivers o
      WHERE l."deviceId" = ${deviceId} AND o.id = l."driverId" AND o."tenantId" IS DISTINCT FROM ${tenantId}::int`,
    tx.$executeRaw`DELETE FROM device_maintenances l USING maintenances o
      WHERE l."deviceId" = ${deviceId} AND o.id = l."maintenanceId" AND o."tenantId" IS DISTINCT FROM ${tenantId}::int`,
    tx.$executeRaw`DELETE FROM device_commands l USING commands o
      WHERE l."deviceId" = ${deviceId} AND o.id = l."commandId" AND o."tenantId" IS DISTINCT FROM ${tenantId}::int`,
    tx.$executeRaw`DELETE FROM user_devices l USING users o
      WHERE l."deviceId" = ${deviceId} AND o.id = l."userId" AND o."tenantId" IS DISTINCT FROM ${tenantId}::int`,
  ];
  let removed = 0;
  for (const statement of statements) removed += await statement;
  await tx.$executeRaw`DELETE FROM pet_profiles
      WHERE "deviceId" = ${deviceId} AND "tenantId" IS DISTINCT FROM ${tenantId}::int`;
  await tx.$executeRaw`UPDATE devices d SET
      "groupId" = CASE WHEN EXISTS (SELECT 1 FROM groups g WHERE g.id = d."groupId"
                                     AND g."tenantId" IS NOT DISTINCT FROM ${tenantId}::int) THEN d."groupId" END,
      "calendarId" = CASE WHEN EXISTS (SELECT 1 FROM calendars c WHERE c.id = d."calendarId"
                                     AND c."tenantId" IS NOT DISTINCT FROM ${tenantId}::int) THEN d."calendarId" END,
      "userId" = CASE WHEN EXISTS (SELECT 1 FROM users u WHERE u.id = d."userId"
                                     AND u."tenantId" IS NOT DISTINCT FROM ${tenantId}::int) THEN d."userId" END
    WHERE d.id = ${deviceId}`;
  return removed;
}
