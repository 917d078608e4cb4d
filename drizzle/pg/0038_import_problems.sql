ALTER TABLE "link_imports" ADD COLUMN "changed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "link_imports" ADD COLUMN "problems" jsonb DEFAULT '[]'::jsonb NOT NULL;