-- The members' document area ("Protokolle GV"): minutes and other PDFs with a title and a date.
CREATE TABLE "documents" (
    "id" SERIAL NOT NULL,
    "title" TEXT NOT NULL,
    "date" DATE NOT NULL,
    "fileName" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "content" BYTEA NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "documents_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "documents_date_idx" ON "documents"("date");

-- PDFs are compressed already: stored out of line without compressing them again (as newsletters).
ALTER TABLE "documents" ALTER COLUMN "content" SET STORAGE EXTERNAL;
