-- An online application names the membership category the applicant chose (by name, so it
-- carries into the season current at the board's decision) and when the applicant ticked
-- that they have read the statutes.
ALTER TABLE "candidates" ADD COLUMN "requestedCategory" TEXT NOT NULL DEFAULT '';
ALTER TABLE "candidates" ADD COLUMN "statutesReadAt" TIMESTAMPTZ(3);
