CREATE TABLE "card_versions" (
	"link_id" text NOT NULL,
	"version" integer NOT NULL,
	"since" timestamp with time zone NOT NULL,
	CONSTRAINT "card_versions_link_id_version_pk" PRIMARY KEY("link_id","version")
);
--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "card_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "card_versions" ADD CONSTRAINT "card_versions_link_id_share_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."share_links"("id") ON DELETE cascade ON UPDATE no action;