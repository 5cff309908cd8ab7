-- A mail may name a Reply-To address (the contact form: answers go to the sender).
ALTER TABLE "mail_outbox" ADD COLUMN "replyTo" TEXT;
