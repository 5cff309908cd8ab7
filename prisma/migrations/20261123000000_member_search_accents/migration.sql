-- Member search ignores accents and umlauts: "kalin" finds "Kälin", "zurcher" finds
-- "Zürcher". Not expressible in schema.prisma.
CREATE EXTENSION IF NOT EXISTS unaccent;

-- unaccent() is only STABLE (its dictionary could change), and an index expression needs an
-- IMMUTABLE function: this one names the dictionary itself. Lower case without accents is
-- what the search compares, on both sides (member-admin.repository.ts).
CREATE FUNCTION "search_fold"(TEXT) RETURNS TEXT
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
    AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;

DROP INDEX "members_search_trgm_idx";

CREATE INDEX "members_search_trgm_idx" ON "members" USING GIN (
    ("search_fold"("firstName" || ' ' || "lastName" || ' ' || "username" || ' ' || "email")) gin_trgm_ops
);
