-- When a member's e-mail address was verified (set with `email_verified`, cleared with it; members'
-- users.repository.ts). Until now only the yes/no was kept.
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;
--> statement-breakpoint
-- Backfill: the only moment of a verification on record is an admin's verification through the CRM proxy
-- (`crm.email.verify` in the audit log, its target the member; written once the verification succeeded). For a
-- verified member with such entries the earliest is taken: at or after the verification itself (an address may
-- already have been verified when the call was made), the closest the data has. Every other verified address
-- (a code typed by the member, an admin account made verified) has no recorded moment and stays NULL: known to be
-- verified, not when. Unverified addresses stay NULL.
UPDATE users AS u
SET email_verified_at = a.at
FROM (
  SELECT target, min(created_at) AS at
  FROM audit_log
  WHERE action = 'crm.email.verify' AND target IS NOT NULL
  GROUP BY target
) AS a
WHERE u.id = a.target AND u.email_verified;
