-- Mail to groups: the board writes one mail to a group (a season's members, a membership
-- category, an event's confirmed subscribers, a game's ticket holders, the board); the outbox
-- holds one row per recipient, linked to the mailing so the list can count sent and failed mails.
CREATE TYPE "MailingGroupKind" AS ENUM ('SEASON', 'CATEGORY', 'EVENT', 'GAME', 'BOARD');

-- A PDF uploaded for a mailing before it is sent (multipart upload, then the JSON call names it).
CREATE TABLE "mailing_attachments" (
    "id" SERIAL NOT NULL,
    "fileName" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "content" BYTEA NOT NULL,
    "createdById" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mailing_attachments_pkey" PRIMARY KEY ("id")
);
ALTER TABLE "mailing_attachments" ALTER COLUMN "content" SET STORAGE EXTERNAL;

CREATE TABLE "mailings" (
    "id" SERIAL NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "groupKind" "MailingGroupKind" NOT NULL,
    "groupId" INTEGER,
    "groupLabel" TEXT NOT NULL,
    "senderId" INTEGER,
    "senderName" TEXT NOT NULL,
    "replyTo" TEXT,
    "recipients" INTEGER NOT NULL,
    "attachmentId" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mailings_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "mailings_createdAt_idx" ON "mailings"("createdAt");
ALTER TABLE "mailings" ADD CONSTRAINT "mailings_senderId_fkey" FOREIGN KEY ("senderId") REFERENCES "members"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "mailings" ADD CONSTRAINT "mailings_attachmentId_fkey" FOREIGN KEY ("attachmentId") REFERENCES "mailing_attachments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

ALTER TABLE "mail_outbox" ADD COLUMN "mailingId" INTEGER;
CREATE INDEX "mail_outbox_mailingId_idx" ON "mail_outbox"("mailingId");
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_mailingId_fkey" FOREIGN KEY ("mailingId") REFERENCES "mailings"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A newsletter's notice goes out on its publication date (at once when that is today or past),
-- exactly once: `announcedAt` is set in the transaction that writes the mails.
ALTER TABLE "newsletters" ADD COLUMN "notify" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "newsletters" ADD COLUMN "announcedAt" TIMESTAMPTZ(3);
ALTER TABLE "newsletters" ADD COLUMN "uploadedById" INTEGER;
ALTER TABLE "newsletters" ADD CONSTRAINT "newsletters_uploadedById_fkey" FOREIGN KEY ("uploadedById") REFERENCES "members"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "newsletters_due_idx" ON "newsletters"("publicationDate") WHERE "notify" AND "announcedAt" IS NULL;
