-- Failed codes of the second factor counted per account across logins; the lock after ten in a row.
ALTER TABLE "login_totp" ADD COLUMN "failedCodes" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "login_totp" ADD COLUMN "lockedAt" TIMESTAMPTZ(3);

-- The components of a draw entry's weight, published so anyone can recompute the weight.
ALTER TABLE "draw_entries" ADD COLUMN "completedSeasons" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "draw_entries" ADD COLUMN "lostDraws" INTEGER NOT NULL DEFAULT 0;
