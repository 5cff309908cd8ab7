-- CreateTable
CREATE TABLE "delivery_options" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "delivery_options_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "game_groups" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "defaultPricePerTicketRappen" INTEGER NOT NULL,
    "availableTicketsPerGame" INTEGER NOT NULL,
    "freeTicketAmount" INTEGER NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "game_groups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "game_group_delivery_options" (
    "gameGroupId" INTEGER NOT NULL,
    "deliveryOptionId" INTEGER NOT NULL,

    CONSTRAINT "game_group_delivery_options_pkey" PRIMARY KEY ("gameGroupId","deliveryOptionId")
);

-- CreateTable
CREATE TABLE "games" (
    "id" SERIAL NOT NULL,
    "gameGroupId" INTEGER NOT NULL,
    "start" TIMESTAMPTZ(3) NOT NULL,
    "opponent" TEXT NOT NULL,
    "homeGame" BOOLEAN NOT NULL,
    "venue" TEXT NOT NULL,
    "salesOpenAt" TIMESTAMPTZ(3),
    "salesCloseAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "games_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ticket_reservations" (
    "id" SERIAL NOT NULL,
    "gameId" INTEGER NOT NULL,
    "memberId" INTEGER NOT NULL,
    "deliveryOptionId" INTEGER NOT NULL,
    "amount" INTEGER NOT NULL,
    "pricePerTicketRappen" INTEGER NOT NULL,
    "street" TEXT NOT NULL,
    "houseNumber" TEXT NOT NULL DEFAULT '',
    "addressLine2" TEXT NOT NULL DEFAULT '',
    "postalCode" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "country" TEXT NOT NULL DEFAULT 'CH',
    "idempotencyKey" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ticket_reservations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "delivery_options_name_key" ON "delivery_options"("name");

-- CreateIndex
CREATE UNIQUE INDEX "game_groups_name_key" ON "game_groups"("name");

-- CreateIndex
CREATE INDEX "game_group_delivery_options_deliveryOptionId_idx" ON "game_group_delivery_options"("deliveryOptionId");

-- CreateIndex
CREATE INDEX "games_gameGroupId_start_idx" ON "games"("gameGroupId", "start");

-- CreateIndex
CREATE INDEX "games_start_idx" ON "games"("start");

-- CreateIndex
CREATE INDEX "ticket_reservations_gameId_memberId_idx" ON "ticket_reservations"("gameId", "memberId");

-- CreateIndex
CREATE INDEX "ticket_reservations_deliveryOptionId_idx" ON "ticket_reservations"("deliveryOptionId");

-- CreateIndex
CREATE UNIQUE INDEX "ticket_reservations_memberId_idempotencyKey_key" ON "ticket_reservations"("memberId", "idempotencyKey");

-- Amounts and limits are never negative (not expressible in schema.prisma)
ALTER TABLE "ticket_reservations" ADD CONSTRAINT "ticket_reservations_amount_positive" CHECK ("amount" > 0);
ALTER TABLE "game_groups" ADD CONSTRAINT "game_groups_limits_not_negative" CHECK ("availableTicketsPerGame" >= 0 AND "freeTicketAmount" >= 1 AND "defaultPricePerTicketRappen" >= 0);

-- AddForeignKey
ALTER TABLE "game_group_delivery_options" ADD CONSTRAINT "game_group_delivery_options_gameGroupId_fkey" FOREIGN KEY ("gameGroupId") REFERENCES "game_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "game_group_delivery_options" ADD CONSTRAINT "game_group_delivery_options_deliveryOptionId_fkey" FOREIGN KEY ("deliveryOptionId") REFERENCES "delivery_options"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "games" ADD CONSTRAINT "games_gameGroupId_fkey" FOREIGN KEY ("gameGroupId") REFERENCES "game_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ticket_reservations" ADD CONSTRAINT "ticket_reservations_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "games"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ticket_reservations" ADD CONSTRAINT "ticket_reservations_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "members"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ticket_reservations" ADD CONSTRAINT "ticket_reservations_deliveryOptionId_fkey" FOREIGN KEY ("deliveryOptionId") REFERENCES "delivery_options"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
