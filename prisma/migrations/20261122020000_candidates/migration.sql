-- CreateEnum
CREATE TYPE "CandidateStatus" AS ENUM ('PENDING', 'ACCEPTED', 'REJECTED');

-- CreateEnum
CREATE TYPE "CandidateSource" AS ENUM ('ONLINE', 'PAPER');

-- CreateTable
CREATE TABLE "candidates" (
    "id" SERIAL NOT NULL,
    "applicationDate" DATE NOT NULL,
    "status" "CandidateStatus" NOT NULL DEFAULT 'PENDING',
    "source" "CandidateSource" NOT NULL DEFAULT 'ONLINE',
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "dateOfBirth" DATE NOT NULL,
    "street" TEXT NOT NULL,
    "houseNumber" TEXT NOT NULL DEFAULT '',
    "addressLine2" TEXT NOT NULL DEFAULT '',
    "postalCode" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "country" TEXT NOT NULL DEFAULT 'CH',
    "mobile" TEXT NOT NULL DEFAULT '',
    "landLine" TEXT NOT NULL DEFAULT '',
    "remarks" TEXT NOT NULL DEFAULT '',
    "decidedAt" TIMESTAMPTZ(3),
    "decidedById" INTEGER,
    "memberId" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "candidates_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "candidates_memberId_key" ON "candidates"("memberId");

-- CreateIndex
CREATE INDEX "candidates_status_applicationDate_idx" ON "candidates"("status", "applicationDate");

-- CreateIndex
CREATE INDEX "candidates_email_idx" ON "candidates"("email");

-- CreateIndex
CREATE INDEX "candidates_decidedById_idx" ON "candidates"("decidedById");

-- AddForeignKey
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_decidedById_fkey" FOREIGN KEY ("decidedById") REFERENCES "members"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "members"("id") ON DELETE SET NULL ON UPDATE CASCADE;
