-- Invoices, payments, events, newsletters and the contact form.

-- CreateEnum
CREATE TYPE "InvoiceKind" AS ENUM ('MEMBERSHIP_FEE', 'PARKING_FEE', 'OTHER');

-- CreateEnum
CREATE TYPE "InvoiceStatus" AS ENUM ('OPEN', 'PAID', 'CANCELLED');

-- CreateEnum
CREATE TYPE "PaymentSource" AS ENUM ('CAMT054', 'MANUAL');

-- CreateEnum
CREATE TYPE "PaymentOutcome" AS ENUM ('MATCHED', 'ALREADY_PAID', 'UNKNOWN_REFERENCE', 'AMOUNT_DIFFERS', 'NOT_A_PAYMENT');

-- CreateEnum
CREATE TYPE "SubscriptionStatus" AS ENUM ('CONFIRMED', 'WAITING');

-- CreateEnum
CREATE TYPE "ContactRecipientType" AS ENUM ('PRAESIDENT', 'TICKETS', 'KASSIER', 'VORSTAND');

-- AlterTable
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" JSONB NOT NULL DEFAULT '[]';

-- CreateTable
CREATE TABLE "invoices" (
    "id" SERIAL NOT NULL,
    "number" TEXT NOT NULL,
    "memberId" INTEGER NOT NULL,
    "seasonId" INTEGER,
    "kind" "InvoiceKind" NOT NULL,
    "title" TEXT NOT NULL,
    "invoiceDate" DATE NOT NULL,
    "dueDate" DATE NOT NULL,
    "totalRappen" INTEGER NOT NULL,
    "status" "InvoiceStatus" NOT NULL DEFAULT 'OPEN',
    "reference" TEXT NOT NULL,
    "debtorName" TEXT NOT NULL,
    "street" TEXT NOT NULL,
    "houseNumber" TEXT NOT NULL DEFAULT '',
    "addressLine2" TEXT NOT NULL DEFAULT '',
    "postalCode" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "country" TEXT NOT NULL DEFAULT 'CH',
    "paidAt" DATE,
    "paidRappen" INTEGER NOT NULL DEFAULT 0,
    "cancelledAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "invoices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invoice_lines" (
    "id" SERIAL NOT NULL,
    "invoiceId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "amountRappen" INTEGER NOT NULL,

    CONSTRAINT "invoice_lines_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invoice_number_sequences" (
    "year" INTEGER NOT NULL,
    "lastNumber" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "invoice_number_sequences_pkey" PRIMARY KEY ("year")
);

-- CreateTable
CREATE TABLE "invoice_reminders" (
    "id" SERIAL NOT NULL,
    "invoiceId" INTEGER NOT NULL,
    "level" INTEGER NOT NULL,
    "reminderDate" DATE NOT NULL,
    "dueDate" DATE NOT NULL,
    "openRappen" INTEGER NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "invoice_reminders_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "bank_files" (
    "id" SERIAL NOT NULL,
    "msgId" TEXT NOT NULL,
    "fileName" TEXT NOT NULL DEFAULT '',
    "importedById" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "bank_files_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payments" (
    "id" SERIAL NOT NULL,
    "source" "PaymentSource" NOT NULL,
    "dedupeKey" TEXT,
    "bankFileId" INTEGER,
    "invoiceId" INTEGER,
    "outcome" "PaymentOutcome" NOT NULL,
    "reference" TEXT NOT NULL DEFAULT '',
    "amountRappen" INTEGER NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'CHF',
    "bookingDate" DATE NOT NULL,
    "debtorName" TEXT NOT NULL DEFAULT '',
    "debtorAccount" TEXT NOT NULL DEFAULT '',
    "rawXml" TEXT,
    "recordedById" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "events" (
    "id" SERIAL NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "location" TEXT NOT NULL DEFAULT '',
    "start" TIMESTAMPTZ(3) NOT NULL,
    "end" TIMESTAMPTZ(3) NOT NULL,
    "registrationDeadline" TIMESTAMPTZ(3) NOT NULL,
    "capacity" INTEGER,
    "priceRappen" INTEGER NOT NULL DEFAULT 0,
    "maxPlacesPerMember" INTEGER NOT NULL DEFAULT 1,
    "cancelledAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "event_subscriptions" (
    "id" SERIAL NOT NULL,
    "eventId" INTEGER NOT NULL,
    "memberId" INTEGER NOT NULL,
    "amount" INTEGER NOT NULL,
    "status" "SubscriptionStatus" NOT NULL,
    "subscriptionTimestamp" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "event_subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "newsletters" (
    "id" SERIAL NOT NULL,
    "title" TEXT NOT NULL,
    "publicationDate" DATE NOT NULL,
    "fileName" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "content" BYTEA NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "newsletters_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_recipients" (
    "type" "ContactRecipientType" NOT NULL,
    "label" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "contact_recipients_pkey" PRIMARY KEY ("type")
);

-- CreateTable
CREATE TABLE "contact_messages" (
    "id" SERIAL NOT NULL,
    "recipientType" "ContactRecipientType" NOT NULL,
    "senderName" TEXT NOT NULL DEFAULT '',
    "senderEmail" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "memberId" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "contact_messages_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices"("number");

-- CreateIndex
CREATE UNIQUE INDEX "invoices_reference_key" ON "invoices"("reference");

-- CreateIndex
CREATE INDEX "invoices_seasonId_kind_idx" ON "invoices"("seasonId", "kind");

-- CreateIndex
CREATE INDEX "invoices_status_dueDate_idx" ON "invoices"("status", "dueDate");

-- CreateIndex
CREATE UNIQUE INDEX "invoices_memberId_seasonId_kind_key" ON "invoices"("memberId", "seasonId", "kind");

-- CreateIndex
CREATE UNIQUE INDEX "invoice_lines_invoiceId_position_key" ON "invoice_lines"("invoiceId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "invoice_reminders_invoiceId_level_key" ON "invoice_reminders"("invoiceId", "level");

-- CreateIndex
CREATE INDEX "bank_files_msgId_idx" ON "bank_files"("msgId");

-- CreateIndex
CREATE UNIQUE INDEX "payments_dedupeKey_key" ON "payments"("dedupeKey");

-- CreateIndex
CREATE INDEX "payments_invoiceId_idx" ON "payments"("invoiceId");

-- CreateIndex
CREATE INDEX "payments_bankFileId_idx" ON "payments"("bankFileId");

-- CreateIndex
CREATE INDEX "events_start_idx" ON "events"("start");

-- CreateIndex
CREATE INDEX "event_subscriptions_eventId_status_subscriptionTimestamp_idx" ON "event_subscriptions"("eventId", "status", "subscriptionTimestamp");

-- CreateIndex
CREATE INDEX "event_subscriptions_memberId_idx" ON "event_subscriptions"("memberId");

-- CreateIndex
CREATE UNIQUE INDEX "event_subscriptions_eventId_memberId_key" ON "event_subscriptions"("eventId", "memberId");

-- CreateIndex
CREATE INDEX "newsletters_publicationDate_idx" ON "newsletters"("publicationDate");

-- CreateIndex
CREATE INDEX "contact_messages_createdAt_idx" ON "contact_messages"("createdAt");

-- Amounts are never negative, numbers have their form, places are positive (not expressible in schema.prisma)
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_amounts_not_negative" CHECK ("totalRappen" >= 0 AND "paidRappen" >= 0);
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_number_format" CHECK ("number" ~ '^[0-9]{4}-[0-9]{5}$');
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_level_range" CHECK ("level" BETWEEN 1 AND 3);
ALTER TABLE "events" ADD CONSTRAINT "events_limits" CHECK (("capacity" IS NULL OR "capacity" >= 0) AND "priceRappen" >= 0 AND "maxPlacesPerMember" >= 1 AND "end" >= "start");
ALTER TABLE "event_subscriptions" ADD CONSTRAINT "event_subscriptions_amount_positive" CHECK ("amount" > 0);

-- AddForeignKey
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "members"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_seasonId_fkey" FOREIGN KEY ("seasonId") REFERENCES "seasons"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "invoices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "invoices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_bankFileId_fkey" FOREIGN KEY ("bankFileId") REFERENCES "bank_files"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "invoices"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "event_subscriptions" ADD CONSTRAINT "event_subscriptions_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "events"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "event_subscriptions" ADD CONSTRAINT "event_subscriptions_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "members"("id") ON DELETE CASCADE ON UPDATE CASCADE;
