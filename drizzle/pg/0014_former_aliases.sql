CREATE TABLE "former_aliases" (
	"alias_key" text PRIMARY KEY NOT NULL,
	"alias" text NOT NULL,
	"link_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "former_aliases" ADD CONSTRAINT "former_aliases_link_id_share_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "former_aliases_link_idx" ON "former_aliases" USING btree ("link_id");