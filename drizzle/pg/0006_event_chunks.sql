CREATE TABLE "event_journal" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"written_at" timestamp with time zone NOT NULL,
	"events" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "link_event_chunks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"link_id" text NOT NULL,
	"account_id" text NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"events" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "link_event_chunks" ADD CONSTRAINT "link_event_chunks_link_id_share_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_event_chunks" ADD CONSTRAINT "link_event_chunks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "link_event_chunks_link_first_idx" ON "link_event_chunks" USING btree ("link_id","first_at");--> statement-breakpoint
CREATE INDEX "link_event_chunks_link_last_idx" ON "link_event_chunks" USING btree ("link_id","last_at");--> statement-breakpoint
CREATE INDEX "link_event_chunks_last_idx" ON "link_event_chunks" USING btree ("last_at");