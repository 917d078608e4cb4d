CREATE TABLE `card_versions` (
	`link_id` text NOT NULL,
	`version` integer NOT NULL,
	`since` integer NOT NULL,
	PRIMARY KEY(`link_id`, `version`),
	FOREIGN KEY (`link_id`) REFERENCES `share_links`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `share_links` ADD `card_version` integer DEFAULT 1 NOT NULL;