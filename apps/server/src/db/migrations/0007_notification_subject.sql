ALTER TABLE "notifications" ADD COLUMN "counterpart_id" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "message" text;--> statement-breakpoint
UPDATE "notifications" n SET
  "counterpart_id" = CASE WHEN coalesce(r."expert_id", s."expert_id") = n."user_id"
    THEN coalesce(r."company_id", s."company_id") ELSE coalesce(r."expert_id", s."expert_id") END,
  "message" = r."message"
FROM "notifications" x
  LEFT JOIN "connection_requests" r ON r."id" = x."request_id"
  LEFT JOIN "match_suggestions" s ON s."id" = x."suggestion_id"
WHERE x."id" = n."id" AND (x."request_id" IS NOT NULL OR x."suggestion_id" IS NOT NULL);
