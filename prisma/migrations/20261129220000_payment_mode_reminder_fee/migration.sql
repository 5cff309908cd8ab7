-- How members pay for a game group's tickets and an event's places: by the billing run's
-- invoice (INVOICE, the default) or on site (ON_SITE: never billed). And the season's optional
-- reminder fee, added as an invoice line from the second reminder on.

CREATE TYPE "PaymentMode" AS ENUM ('INVOICE', 'ON_SITE');

ALTER TABLE "game_groups" ADD COLUMN "paymentMode" "PaymentMode" NOT NULL DEFAULT 'INVOICE';
ALTER TABLE "events" ADD COLUMN "paymentMode" "PaymentMode" NOT NULL DEFAULT 'INVOICE';
ALTER TABLE "seasons" ADD COLUMN "reminderFeeRappen" INTEGER NOT NULL DEFAULT 0;
