CREATE TABLE `event_journal` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`written_at` integer NOT NULL,
	`events` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `link_event_chunks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`link_id` text NOT NULL,
	`account_id` text NOT NULL,
	`first_at` integer NOT NULL,
	`last_at` integer NOT NULL,
	`count` integer NOT NULL,
	`events` text NOT NULL,
	FOREIGN KEY (`link_id`) REFERENCES `share_links`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `link_event_chunks_link_first_idx` ON `link_event_chunks` (`link_id`,`first_at`);--> statement-breakpoint
CREATE INDEX `link_event_chunks_link_last_idx` ON `link_event_chunks` (`link_id`,`last_at`);--> statement-breakpoint
CREATE INDEX `link_event_chunks_last_idx` ON `link_event_chunks` (`last_at`);