-- Membership categories: per season, each with its own fee (0 = no invoice) and an optional age
-- rule (at most `maxAge` years old on the season's 1 May). Every season has one default category;
-- every membership has a category (the season's default unless chosen).

CREATE TABLE "membership_categories" (
    "id" SERIAL NOT NULL,
    "seasonId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "feeRappen" INTEGER NOT NULL DEFAULT 0,
    "maxAge" INTEGER,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "membership_categories_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "membership_categories_fee_check" CHECK ("feeRappen" >= 0),
    CONSTRAINT "membership_categories_max_age_check" CHECK ("maxAge" IS NULL OR ("maxAge" >= 0 AND NOT "isDefault"))
);
CREATE UNIQUE INDEX "membership_categories_seasonId_name_key" ON "membership_categories"("seasonId", "name");
CREATE UNIQUE INDEX "membership_categories_one_default_key" ON "membership_categories"("seasonId") WHERE "isDefault";
ALTER TABLE "membership_categories" ADD CONSTRAINT "membership_categories_seasonId_fkey" FOREIGN KEY ("seasonId") REFERENCES "seasons"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Existing seasons: a default category with the season's membership fee.
INSERT INTO "membership_categories" ("seasonId", "name", "feeRappen", "isDefault", "createdAt")
SELECT s."id", 'Mitglied', s."membershipFeeRappen", true, s."createdAt" FROM "seasons" s;

-- A new season gets its default category at once, whichever path inserts it.
CREATE FUNCTION "season_default_category"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO "membership_categories" ("seasonId", "name", "feeRappen", "isDefault", "createdAt")
    VALUES (NEW."id", 'Mitglied', NEW."membershipFeeRappen", true, NEW."createdAt");
    RETURN NEW;
END;
$$;
CREATE TRIGGER "seasons_default_category" AFTER INSERT ON "seasons"
    FOR EACH ROW EXECUTE FUNCTION "season_default_category"();

-- Every membership has a category: existing ones the default of their season.
ALTER TABLE "memberships" ADD COLUMN "categoryId" INTEGER;
UPDATE "memberships" m SET "categoryId" = c."id"
  FROM "membership_categories" c WHERE c."seasonId" = m."seasonId" AND c."isDefault";
ALTER TABLE "memberships" ALTER COLUMN "categoryId" SET NOT NULL;
CREATE INDEX "memberships_categoryId_idx" ON "memberships"("categoryId");
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_categoryId_fkey" FOREIGN KEY ("categoryId") REFERENCES "membership_categories"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- A membership inserted without a category gets the season's default; a category must be of the
-- membership's own season.
CREATE FUNCTION "membership_category"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
    IF NEW."categoryId" IS NULL THEN
        SELECT c."id" INTO NEW."categoryId" FROM "membership_categories" c
         WHERE c."seasonId" = NEW."seasonId" AND c."isDefault";
    ELSIF NOT EXISTS (SELECT 1 FROM "membership_categories" c WHERE c."id" = NEW."categoryId" AND c."seasonId" = NEW."seasonId") THEN
        RAISE EXCEPTION 'membership category % is not of season %', NEW."categoryId", NEW."seasonId" USING ERRCODE = '23503';
    END IF;
    RETURN NEW;
END;
$$;
CREATE TRIGGER "memberships_category" BEFORE INSERT OR UPDATE OF "categoryId", "seasonId" ON "memberships"
    FOR EACH ROW EXECUTE FUNCTION "membership_category"();
