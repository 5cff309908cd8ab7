-- Retention (nDSG): a former member is anonymised RETENTION_YEARS after the last membership ended.
ALTER TABLE "members" ADD COLUMN "anonymisedAt" TIMESTAMPTZ(3);

-- Nightly jobs claim their day here (one run per job and day, whatever the number of instances).
CREATE TABLE "maintenance_runs" (
    "job" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "startedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMPTZ(3),
    "result" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "maintenance_runs_pkey" PRIMARY KEY ("job", "day")
);

-- Rejected applications are deleted six months after the decision.
CREATE INDEX "candidates_status_decidedAt_idx" ON "candidates"("status", "decidedAt");
