CREATE TABLE "link_health" (
	"link_id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"status" text DEFAULT 'unknown' NOT NULL,
	"reason" text,
	"target_broken" boolean DEFAULT false NOT NULL,
	"image_broken" boolean DEFAULT false NOT NULL,
	"checked_target" text,
	"checked_image" text,
	"final_url" text,
	"checked_at" timestamp with time zone,
	"broken_since" timestamp with time zone,
	"next_check_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "link_health_digests" (
	"account_id" text PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "link_health" ADD CONSTRAINT "link_health_link_id_share_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_health" ADD CONSTRAINT "link_health_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_health_digests" ADD CONSTRAINT "link_health_digests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "link_health_next_check_idx" ON "link_health" USING btree ("next_check_at");--> statement-breakpoint
CREATE INDEX "link_health_account_status_idx" ON "link_health" USING btree ("account_id","status");