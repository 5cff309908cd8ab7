-- A club moving in: the board uploads its member list (CSV or XLSX); the file's cells wait here,
-- with the board's mapping and choices, until the import is committed or is a day old (the
-- nightly job deletes it). A committed import keeps its counts, not its cells.
CREATE TABLE "member_imports" (
    "id" SERIAL NOT NULL,
    "fileName" TEXT NOT NULL,
    "columns" JSONB NOT NULL,
    "cells" JSONB,
    "settings" JSONB NOT NULL,
    "createdById" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "committedAt" TIMESTAMPTZ(3),
    "result" JSONB,

    CONSTRAINT "member_imports_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "member_imports_createdAt_idx" ON "member_imports"("createdAt");

-- The entry date a club brings along; without one, the first membership's start stands for it.
ALTER TABLE "members" ADD COLUMN "memberSince" DATE;

-- Login invitations of an import wait in the outbox, spread over time; the import counts its waiting ones.
ALTER TABLE "mail_outbox" ADD COLUMN "memberImportId" INTEGER;
CREATE INDEX "mail_outbox_memberImportId_idx" ON "mail_outbox"("memberImportId");
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_memberImportId_fkey" FOREIGN KEY ("memberImportId") REFERENCES "member_imports"("id") ON DELETE SET NULL ON UPDATE CASCADE;
