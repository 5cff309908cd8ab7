-- Bank lines: one identity per bank transaction across versions and notifications (every
-- identifier a line carries, kept as rows), camt.053 besides camt.054, lines that are listed
-- without a date, the reason a line was listed, its message, and identifier collisions.

-- A bank line comes from a camt.053 statement or a camt.054 notification.
ALTER TYPE "PaymentSource" RENAME VALUE 'CAMT054' TO 'BANK_FILE';

-- Identifiers that collide with an earlier line of another amount or date: listed, not booked.
ALTER TYPE "PaymentOutcome" ADD VALUE 'CONFLICT';

CREATE TABLE "payment_identifiers" (
    "id" SERIAL NOT NULL,
    "paymentId" INTEGER NOT NULL,
    "key" TEXT NOT NULL,

    CONSTRAINT "payment_identifiers_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "payment_identifiers_key_paymentId_key" ON "payment_identifiers"("key", "paymentId");
CREATE INDEX "payment_identifiers_paymentId_idx" ON "payment_identifiers"("paymentId");

ALTER TABLE "payment_identifiers" ADD CONSTRAINT "payment_identifiers_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "payments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The single key of earlier imports becomes the line's first identifier (same format).
INSERT INTO "payment_identifiers" ("paymentId", "key") SELECT "id", "dedupeKey" FROM "payments" WHERE "dedupeKey" IS NOT NULL;

DROP INDEX "payments_dedupeKey_key";
ALTER TABLE "payments" DROP COLUMN "dedupeKey";

ALTER TABLE "payments" ALTER COLUMN "bookingDate" DROP NOT NULL;
ALTER TABLE "payments" ADD COLUMN "note" TEXT NOT NULL DEFAULT '';
ALTER TABLE "payments" ADD COLUMN "message" TEXT NOT NULL DEFAULT '';
ALTER TABLE "payments" ADD COLUMN "account" TEXT NOT NULL DEFAULT '';
ALTER TABLE "payments" ADD COLUMN "direction" TEXT NOT NULL DEFAULT 'CRDT';

-- The open credits without a usable reference, for the treasurer's suggestions.
CREATE INDEX "payments_outcome_idx" ON "payments"("outcome");
