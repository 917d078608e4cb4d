CREATE TABLE `former_aliases` (
	`alias_key` text PRIMARY KEY NOT NULL,
	`alias` text NOT NULL,
	`link_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`link_id`) REFERENCES `share_links`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `former_aliases_link_idx` ON `former_aliases` (`link_id`);