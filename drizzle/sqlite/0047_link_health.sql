CREATE TABLE `link_health` (
	`link_id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`status` text DEFAULT 'unknown' NOT NULL,
	`reason` text,
	`target_broken` integer DEFAULT false NOT NULL,
	`image_broken` integer DEFAULT false NOT NULL,
	`checked_target` text,
	`checked_image` text,
	`final_url` text,
	`checked_at` integer,
	`broken_since` integer,
	`next_check_at` integer NOT NULL,
	`lease_until` integer,
	FOREIGN KEY (`link_id`) REFERENCES `share_links`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `link_health_next_check_idx` ON `link_health` (`next_check_at`);--> statement-breakpoint
CREATE INDEX `link_health_account_status_idx` ON `link_health` (`account_id`,`status`);--> statement-breakpoint
CREATE TABLE `link_health_digests` (
	`account_id` text PRIMARY KEY NOT NULL,
	`sent_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
