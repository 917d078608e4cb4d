ALTER TABLE `share_links` ADD `ios_url` text;--> statement-breakpoint
ALTER TABLE `share_links` ADD `android_url` text;--> statement-breakpoint
ALTER TABLE `share_links` ADD `geo_targets` text;