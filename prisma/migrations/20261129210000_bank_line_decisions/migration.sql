-- Bank lines the board decides: every credit the import did not book stays listed for review
-- until the board books it (on one invoice, or split across several) or closes it without
-- booking; payments by hand name how they were paid.
CREATE TYPE "PaymentDecisionKind" AS ENUM ('BOOKED', 'REFUNDED', 'NOT_OURS', 'DONATION', 'DUPLICATE');
CREATE TYPE "PaymentMethod" AS ENUM ('BANK', 'CASH', 'TWINT', 'CARD');

ALTER TABLE "payments" ADD COLUMN "needsDecision" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "payments" ADD COLUMN "parentId" INTEGER;
ALTER TABLE "payments" ADD COLUMN "method" "PaymentMethod";

CREATE TABLE "payment_decisions" (
    "id" SERIAL NOT NULL,
    "paymentId" INTEGER NOT NULL,
    "kind" "PaymentDecisionKind" NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "previousInvoiceId" INTEGER,
    "previousOutcome" "PaymentOutcome" NOT NULL,
    "previousNote" TEXT NOT NULL DEFAULT '',
    "decidedById" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payment_decisions_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "payment_decisions_paymentId_key" ON "payment_decisions"("paymentId");
ALTER TABLE "payment_decisions" ADD CONSTRAINT "payment_decisions_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "payments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE INDEX "payments_parentId_idx" ON "payments"("parentId");
ALTER TABLE "payments" ADD CONSTRAINT "payments_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "payments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
CREATE INDEX "payments_needsDecision_idx" ON "payments"("needsDecision", "bookingDate");

-- Payments recorded by hand so far were recorded without a method: bank transfer is the most likely.
UPDATE "payments" SET "method" = 'BANK' WHERE "source" = 'MANUAL';

-- Credits stored by earlier imports that no invoice took stay listed for the board: unknown
-- reference, conflict, paid or cancelled invoice, amount differs, and listed credits of the
-- account that are booked (foreign currency, other account, transactions not adding up); pending
-- notices, information lines and reversals are not.
UPDATE "payments" SET "needsDecision" = true
 WHERE "source" = 'BANK_FILE' AND "direction" = 'CRDT' AND "amountRappen" > 0
   AND ("outcome" IN ('UNKNOWN_REFERENCE', 'CONFLICT', 'ALREADY_PAID')
        OR ("outcome" = 'AMOUNT_DIFFERS' AND "recordedById" IS NULL)
        OR ("outcome" = 'NOT_A_PAYMENT' AND "note" NOT LIKE 'Noch nicht gebucht%'
            AND "note" NOT LIKE 'Nur zur Information%' AND "note" NOT LIKE 'Stornobuchung%'))
   AND NOT ("outcome" = 'UNKNOWN_REFERENCE' AND "invoiceId" IS NOT NULL);

-- Earlier imports let the payer's identifiers make two bank transactions one, and then gave the
-- first line the bank references of the second. A stored line keeps only the bank references its
-- own transaction carries, so the second one is recognised as a payment of its own.
DELETE FROM "payment_identifiers" pi
 USING "payments" p
 WHERE p."id" = pi."paymentId" AND p."rawXml" IS NOT NULL AND p."rawXml" <> ''
   AND pi."key" LIKE 'camt:txref:%'
   AND position(('>' || regexp_replace(pi."key", '^camt:txref:(.*):[^:]+$', '\1') || '<') IN p."rawXml") = 0;
DELETE FROM "payment_identifiers" pi
 USING "payments" p
 WHERE p."id" = pi."paymentId" AND p."rawXml" IS NOT NULL AND p."rawXml" <> ''
   AND pi."key" LIKE 'camt:ref:%'
   AND position(('>' || regexp_replace(pi."key", '^camt:ref:[^|]*\|(.*):[^:]+$', '\1') || '<') IN p."rawXml") = 0;
DELETE FROM "payment_identifiers" pi
 USING "payments" p
 WHERE p."id" = pi."paymentId" AND p."rawXml" IS NOT NULL AND p."rawXml" <> ''
   AND pi."key" LIKE 'camt:uetr:%'
   AND position(lower(regexp_replace(pi."key", '^camt:uetr:(.*):[^:]+$', '\1')) IN lower(p."rawXml")) = 0;
