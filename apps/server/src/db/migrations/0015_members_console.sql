DROP INDEX "companies_created_idx";--> statement-breakpoint
DROP INDEX "experts_created_idx";--> statement-breakpoint
CREATE INDEX "companies_console_name_idx" ON "companies" USING btree (lower("name") COLLATE "C","id");--> statement-breakpoint
CREATE INDEX "companies_console_published_idx" ON "companies" USING btree (coalesce("publish_date", 'epoch'::timestamptz),"id");--> statement-breakpoint
CREATE INDEX "companies_console_updated_idx" ON "companies" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "companies_console_rating_idx" ON "companies" USING btree ("average_rating","number_of_ratings","id");--> statement-breakpoint
CREATE INDEX "companies_console_search_trgm" ON "companies" USING gin ("name" gin_trgm_ops,"company_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "experts_console_name_idx" ON "experts" USING btree (lower("name") COLLATE "C","id");--> statement-breakpoint
CREATE INDEX "experts_console_published_idx" ON "experts" USING btree (coalesce("publish_date", 'epoch'::timestamptz),"id");--> statement-breakpoint
CREATE INDEX "experts_console_updated_idx" ON "experts" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "experts_console_rating_idx" ON "experts" USING btree ("average_rating","number_of_ratings","id");--> statement-breakpoint
CREATE INDEX "experts_console_search_trgm" ON "experts" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_console_email_idx" ON "users" USING btree (lower("email") COLLATE "C","id");--> statement-breakpoint
CREATE INDEX "users_console_email_trgm" ON "users" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "companies_created_idx" ON "companies" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "experts_created_idx" ON "experts" USING btree ("created_at","id");