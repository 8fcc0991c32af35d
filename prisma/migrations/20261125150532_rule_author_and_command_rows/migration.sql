-- AlterTable
ALTER TABLE "notification_deliveries" ADD COLUMN     "savedCommandId" INTEGER,
ALTER COLUMN "userId" DROP NOT NULL;

-- AlterTable
ALTER TABLE "notifications" ADD COLUMN     "authorId" INTEGER;

-- CreateIndex
CREATE UNIQUE INDEX "notification_deliveries_eventId_savedCommandId_key" ON "notification_deliveries"("eventId", "savedCommandId");

-- Data: the saved command of a command row was its userId negated: it moves to savedCommandId and the row has no
-- recipient.
UPDATE "notification_deliveries"
   SET "savedCommandId" = -"userId", "userId" = NULL
 WHERE "channel" = 'command' AND "userId" < 0;

-- Data: the author of a rule was the user of its last notification.created/updated audit entry.
UPDATE "notifications" n
   SET "authorId" = last."userId"
  FROM (SELECT DISTINCT ON ("objectId") "objectId", "userId"
          FROM "audit_log"
         WHERE "objectType" = 'notification'
           AND "action" IN ('notification.created', 'notification.updated')
         ORDER BY "objectId", "id" DESC) last
 WHERE last."objectId" = n."id"::text;
