-- A mail may name a Reply-To address (the contact form: answers go to the sender).
ALTER TABLE "mail_outbox" ADD COLUMN "replyTo" TEXT;

-- Newsletter PDFs are compressed already: store them out of line without compressing them
-- again (a 20 MB upload into the embedded database: about 1 s instead of 3 s).
ALTER TABLE "newsletters" ALTER COLUMN "content" SET STORAGE EXTERNAL;
