-- Ticket and event billing: a TICKETS invoice kind, a fee per delivery option, the link that
-- bills each reservation and event place once, and the hand-over of tickets and places.

ALTER TYPE "InvoiceKind" ADD VALUE 'TICKETS';

-- A member gets one TICKETS invoice per billing run, so the "one invoice per member, season
-- and kind" rule holds for the fee kinds only (the fee runs name this index in ON CONFLICT).
DROP INDEX "invoices_memberId_seasonId_kind_key";
CREATE UNIQUE INDEX "invoices_fee_once_key" ON "invoices"("memberId", "seasonId", "kind")
    WHERE "kind" IN ('MEMBERSHIP_FEE', 'PARKING_FEE');
CREATE INDEX "invoices_memberId_idx" ON "invoices"("memberId");

-- Charged once per reservation; 0 = free.
ALTER TABLE "delivery_options" ADD COLUMN "feeRappen" INTEGER NOT NULL DEFAULT 0;

-- A reservation or an event place billed on a TICKETS invoice line. Unique per reservation and
-- per subscription: billed exactly once. Cancelling the invoice deletes its rows (the invoice
-- keeps its frozen lines), so the next run bills them again.
CREATE TABLE "billed_items" (
    "id" SERIAL NOT NULL,
    "invoiceId" INTEGER NOT NULL,
    "invoiceLineId" INTEGER NOT NULL,
    "reservationId" INTEGER,
    "subscriptionId" INTEGER,
    "quantity" INTEGER NOT NULL,
    "priceRappen" INTEGER NOT NULL,
    "feeRappen" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "billed_items_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "billed_items_one_source" CHECK (("reservationId" IS NULL) <> ("subscriptionId" IS NULL))
);
CREATE UNIQUE INDEX "billed_items_reservationId_key" ON "billed_items"("reservationId");
CREATE UNIQUE INDEX "billed_items_subscriptionId_key" ON "billed_items"("subscriptionId");
CREATE INDEX "billed_items_invoiceId_idx" ON "billed_items"("invoiceId");
CREATE INDEX "billed_items_invoiceLineId_idx" ON "billed_items"("invoiceLineId");
ALTER TABLE "billed_items" ADD CONSTRAINT "billed_items_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "invoices"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "billed_items" ADD CONSTRAINT "billed_items_invoiceLineId_fkey" FOREIGN KEY ("invoiceLineId") REFERENCES "invoice_lines"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "billed_items" ADD CONSTRAINT "billed_items_reservationId_fkey" FOREIGN KEY ("reservationId") REFERENCES "ticket_reservations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "billed_items" ADD CONSTRAINT "billed_items_subscriptionId_fkey" FOREIGN KEY ("subscriptionId") REFERENCES "event_subscriptions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Tickets or places handed over to the member (at the stand, in the bus); undone by deleting it.
CREATE TABLE "handovers" (
    "id" SERIAL NOT NULL,
    "reservationId" INTEGER,
    "subscriptionId" INTEGER,
    "handedOverAt" TIMESTAMPTZ(3) NOT NULL,
    "handedOverById" INTEGER,

    CONSTRAINT "handovers_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "handovers_one_source" CHECK (("reservationId" IS NULL) <> ("subscriptionId" IS NULL))
);
CREATE UNIQUE INDEX "handovers_reservationId_key" ON "handovers"("reservationId");
CREATE UNIQUE INDEX "handovers_subscriptionId_key" ON "handovers"("subscriptionId");
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_reservationId_fkey" FOREIGN KEY ("reservationId") REFERENCES "ticket_reservations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_subscriptionId_fkey" FOREIGN KEY ("subscriptionId") REFERENCES "event_subscriptions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
