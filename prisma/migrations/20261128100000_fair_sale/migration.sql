-- The fair sale: a sale mode per game (first come or a draw), requests and a waiting list in
-- the reservations table (only CONFIRMED rows count against the quota), and the published
-- entries of each draw.

CREATE TYPE "SaleMode" AS ENUM ('FIRST_COME', 'DRAW');
CREATE TYPE "TicketStatus" AS ENUM ('CONFIRMED', 'WAITING', 'REQUESTED');

ALTER TABLE "games" ADD COLUMN "saleMode" "SaleMode" NOT NULL DEFAULT 'FIRST_COME',
    ADD COLUMN "drawAt" TIMESTAMPTZ(3),
    ADD COLUMN "drawSeed" TEXT,
    ADD COLUMN "drawnAt" TIMESTAMPTZ(3),
    ADD COLUMN "drawTickets" INTEGER;
CREATE INDEX "games_saleMode_drawnAt_drawAt_idx" ON "games"("saleMode", "drawnAt", "drawAt");

ALTER TABLE "ticket_reservations" ADD COLUMN "status" "TicketStatus" NOT NULL DEFAULT 'CONFIRMED',
    ADD COLUMN "drawRank" INTEGER,
    ADD COLUMN "movedUpAt" TIMESTAMPTZ(3);
CREATE INDEX "ticket_reservations_gameId_status_idx" ON "ticket_reservations"("gameId", "status");

CREATE TABLE "draw_entries" (
    "gameId" INTEGER NOT NULL,
    "memberId" INTEGER NOT NULL,
    "memberNumber" INTEGER NOT NULL,
    "amount" INTEGER NOT NULL,
    "weight" INTEGER NOT NULL,
    "rank" INTEGER NOT NULL,
    "won" BOOLEAN NOT NULL,
    "drawnAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "draw_entries_pkey" PRIMARY KEY ("gameId", "memberId")
);
CREATE INDEX "draw_entries_memberId_drawnAt_idx" ON "draw_entries"("memberId", "drawnAt");
ALTER TABLE "draw_entries" ADD CONSTRAINT "draw_entries_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "draw_entries" ADD CONSTRAINT "draw_entries_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "members"("id") ON DELETE CASCADE ON UPDATE CASCADE;
