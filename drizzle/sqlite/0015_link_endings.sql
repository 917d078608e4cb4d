ALTER TABLE `share_links` ADD `fallback_url` text;--> statement-breakpoint
ALTER TABLE `share_links` ADD `click_limit` integer;