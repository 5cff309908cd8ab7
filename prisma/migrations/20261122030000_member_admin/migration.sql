-- CreateTable
CREATE TABLE "email_change_requests" (
    "id" SERIAL NOT NULL,
    "memberId" INTEGER NOT NULL,
    "newEmail" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "confirmedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_change_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "email_change_requests_tokenHash_key" ON "email_change_requests"("tokenHash");

-- CreateIndex
CREATE INDEX "email_change_requests_memberId_idx" ON "email_change_requests"("memberId");

-- AddForeignKey
ALTER TABLE "email_change_requests" ADD CONSTRAINT "email_change_requests_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "members"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Member search (not expressible in schema.prisma): trigram index over the searched text,
-- so `ILIKE '%part%'` on name, username and e-mail stays fast with many members. The
-- expression must stay identical to the one in members-admin.repository.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX "members_search_trgm_idx" ON "members" USING GIN (
    (lower("firstName" || ' ' || "lastName" || ' ' || "username" || ' ' || "email")) gin_trgm_ops
);
