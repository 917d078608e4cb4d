CREATE TABLE "link_import_chunks" (
	"import_id" text NOT NULL,
	"position" integer NOT NULL,
	"items" text NOT NULL,
	"report" text,
	CONSTRAINT "link_import_chunks_import_id_position_pk" PRIMARY KEY("import_id","position")
);
--> statement-breakpoint
CREATE TABLE "link_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"created_by" text,
	"source" text NOT NULL,
	"file_name" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"status" text NOT NULL,
	"message" text,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"resume_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "link_import_chunks" ADD CONSTRAINT "link_import_chunks_import_id_link_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."link_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_imports" ADD CONSTRAINT "link_imports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_imports" ADD CONSTRAINT "link_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "link_imports_account_created_idx" ON "link_imports" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "link_imports_status_idx" ON "link_imports" USING btree ("status");