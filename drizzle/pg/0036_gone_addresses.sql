CREATE TABLE "gone_addresses" (
	"key" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"gone_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gone_addresses" ADD CONSTRAINT "gone_addresses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gone_addresses_account_idx" ON "gone_addresses" USING btree ("account_id");