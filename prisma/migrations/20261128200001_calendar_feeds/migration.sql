-- A member's private calendar feed (games with tickets held, events signed up for): only the
-- sha256 of the secret in its URL is stored. Deleting the row revokes the URL.
CREATE TABLE "calendar_feeds" (
    "id" SERIAL NOT NULL,
    "memberId" INTEGER NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "calendar_feeds_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "calendar_feeds_memberId_key" ON "calendar_feeds"("memberId");
CREATE UNIQUE INDEX "calendar_feeds_tokenHash_key" ON "calendar_feeds"("tokenHash");
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "members"("id") ON DELETE CASCADE ON UPDATE CASCADE;
