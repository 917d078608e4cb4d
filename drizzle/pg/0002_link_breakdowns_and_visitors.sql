CREATE TABLE "link_daily_breakdowns" (
	"link_id" text NOT NULL,
	"dimension" text NOT NULL,
	"day" text NOT NULL,
	"value" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "link_daily_breakdowns_link_id_dimension_day_value_pk" PRIMARY KEY("link_id","dimension","day","value")
);
--> statement-breakpoint
CREATE TABLE "link_daily_visitors" (
	"link_id" text NOT NULL,
	"day" text NOT NULL,
	"visitor_hash" text NOT NULL,
	CONSTRAINT "link_daily_visitors_link_id_day_visitor_hash_pk" PRIMARY KEY("link_id","day","visitor_hash")
);
--> statement-breakpoint
ALTER TABLE "link_daily_breakdowns" ADD CONSTRAINT "link_daily_breakdowns_link_id_share_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_daily_visitors" ADD CONSTRAINT "link_daily_visitors_link_id_share_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "link_daily_visitors_day_idx" ON "link_daily_visitors" USING btree ("day");