ALTER TABLE "audit_log" ALTER COLUMN "actor_type" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "actor_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" DROP COLUMN "actor_user_id";--> statement-breakpoint
ALTER TABLE "audit_log" DROP COLUMN "actor_email";