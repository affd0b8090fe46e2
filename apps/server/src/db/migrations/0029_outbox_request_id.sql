-- The id of the HTTP request whose work wrote an outbox row (outbox.ts), so the worker logs each job with it.
-- Null for rows of no request. A random id, not personal data.
ALTER TABLE "outbox" ADD COLUMN "request_id" text;
