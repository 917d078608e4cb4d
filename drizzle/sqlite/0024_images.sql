CREATE TABLE `images` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`purpose` text NOT NULL,
	`content_type` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`size` integer NOT NULL,
	`data` blob,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `images_account_idx` ON `images` (`account_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `accounts` ADD `brand_color` text;--> statement-breakpoint
ALTER TABLE `accounts` ADD `brand_logo` text;