DROP INDEX "custom_domains_hostname_idx";--> statement-breakpoint
ALTER TABLE "custom_domains" ADD COLUMN "dns_checked_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_domains_verified_hostname_idx" ON "custom_domains" USING btree ("hostname") WHERE verified_at is not null;--> statement-breakpoint
CREATE INDEX "custom_domains_hostname_idx" ON "custom_domains" USING btree ("hostname");