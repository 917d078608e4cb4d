ALTER TABLE `api_keys` ADD `replaced_by` text;--> statement-breakpoint
ALTER TABLE `api_keys` ADD `expires_at` integer;