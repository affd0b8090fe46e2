CREATE TABLE "analytics_retained" (
	"week_start" text NOT NULL,
	"role" text NOT NULL,
	"metric" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "analytics_retained_week_start_role_metric_pk" PRIMARY KEY("week_start","role","metric")
);
