DROP INDEX "accounts_plan_idx";--> statement-breakpoint
CREATE INDEX "accounts_plan_id_idx" ON "accounts" USING btree ("plan","id");