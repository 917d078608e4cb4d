ALTER TABLE `link_imports` ADD `changed` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `link_imports` ADD `problems` text DEFAULT '[]' NOT NULL;