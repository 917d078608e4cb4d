CREATE TABLE "unknown_paths" (
	"domain_id" text NOT NULL,
	"path" text NOT NULL,
	"hits" integer NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "unknown_paths_domain_id_path_pk" PRIMARY KEY("domain_id","path")
);
--> statement-breakpoint
DROP INDEX "custom_domains_account_idx";--> statement-breakpoint
ALTER TABLE "custom_domains" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_domains" ADD COLUMN "root_redirect" text;--> statement-breakpoint
ALTER TABLE "custom_domains" ADD COLUMN "not_found_redirect" text;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "domain" text;--> statement-breakpoint
ALTER TABLE "unknown_paths" ADD CONSTRAINT "unknown_paths_domain_id_custom_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."custom_domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unknown_paths_seen_idx" ON "unknown_paths" USING btree ("last_seen_at");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_domains_account_hostname_idx" ON "custom_domains" USING btree ("account_id","hostname");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_domains_default_idx" ON "custom_domains" USING btree ("account_id") WHERE is_default;--> statement-breakpoint
CREATE INDEX "custom_domains_account_idx" ON "custom_domains" USING btree ("account_id");--> statement-breakpoint
-- Each account had one domain: it becomes the account's default.
UPDATE "custom_domains" SET "is_default" = true;