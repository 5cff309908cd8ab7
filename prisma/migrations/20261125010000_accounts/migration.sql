-- Accounts people can keep: the last login, a TOTP second factor with recovery codes,
-- forgotten-password links and the requests of the forgotten-password form.

-- AlterTable
ALTER TABLE "login_accounts" ADD COLUMN "lastLoginAt" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "login_totp" (
    "memberId" INTEGER NOT NULL,
    "secret" TEXT NOT NULL,
    "confirmedAt" TIMESTAMPTZ(3),
    "lastUsedStep" BIGINT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "login_totp_pkey" PRIMARY KEY ("memberId")
);

-- CreateTable
CREATE TABLE "login_recovery_codes" (
    "id" SERIAL NOT NULL,
    "memberId" INTEGER NOT NULL,
    "codeHash" TEXT NOT NULL,
    "usedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "login_recovery_codes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "password_resets" (
    "id" SERIAL NOT NULL,
    "memberId" INTEGER NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "usedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "password_resets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "password_reset_requests" (
    "id" BIGSERIAL NOT NULL,
    "identifier" TEXT NOT NULL,
    "client" TEXT NOT NULL,
    "mailed" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "password_reset_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "login_recovery_codes_codeHash_key" ON "login_recovery_codes"("codeHash");

-- CreateIndex
CREATE INDEX "login_recovery_codes_memberId_idx" ON "login_recovery_codes"("memberId");

-- CreateIndex
CREATE UNIQUE INDEX "password_resets_tokenHash_key" ON "password_resets"("tokenHash");

-- CreateIndex
CREATE INDEX "password_resets_memberId_createdAt_idx" ON "password_resets"("memberId", "createdAt");

-- CreateIndex
CREATE INDEX "password_reset_requests_identifier_createdAt_idx" ON "password_reset_requests"("identifier", "createdAt");

-- CreateIndex
CREATE INDEX "password_reset_requests_client_createdAt_idx" ON "password_reset_requests"("client", "createdAt");

-- AddForeignKey
ALTER TABLE "login_totp" ADD CONSTRAINT "login_totp_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "members"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "login_recovery_codes" ADD CONSTRAINT "login_recovery_codes_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "members"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "members"("id") ON DELETE CASCADE ON UPDATE CASCADE;
