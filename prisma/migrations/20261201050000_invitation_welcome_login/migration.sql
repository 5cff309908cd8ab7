-- A member who sets the password through the invitation link is logged in right away: the
-- browser that set it gets a one-time secret (its sha256 stored here) that stands for the
-- password at the next login, for ten minutes.
ALTER TABLE "login_invitations" ADD COLUMN "welcomeTokenHash" TEXT;
ALTER TABLE "login_invitations" ADD COLUMN "welcomeUntil" TIMESTAMPTZ(3);
CREATE UNIQUE INDEX "login_invitations_welcomeTokenHash_key" ON "login_invitations"("welcomeTokenHash");
