CREATE TABLE `utm_presets` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`source` text,
	`medium` text,
	`campaign` text,
	`term` text,
	`content` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `utm_presets_account_name_idx` ON `utm_presets` (`account_id`,`name_key`);--> statement-breakpoint
ALTER TABLE `link_daily_stats` ADD `scans` integer DEFAULT 0 NOT NULL;