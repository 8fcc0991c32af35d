-- CreateTable
CREATE TABLE "pending_dispatches" (
    "eventId" BIGINT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pending_dispatches_pkey" PRIMARY KEY ("eventId")
);
