CREATE TABLE `unknown_paths` (
	`domain_id` text NOT NULL,
	`path` text NOT NULL,
	`hits` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	PRIMARY KEY(`domain_id`, `path`),
	FOREIGN KEY (`domain_id`) REFERENCES `custom_domains`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `unknown_paths_seen_idx` ON `unknown_paths` (`last_seen_at`);--> statement-breakpoint
DROP INDEX `custom_domains_account_idx`;--> statement-breakpoint
ALTER TABLE `custom_domains` ADD `is_default` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `custom_domains` ADD `root_redirect` text;--> statement-breakpoint
ALTER TABLE `custom_domains` ADD `not_found_redirect` text;--> statement-breakpoint
CREATE UNIQUE INDEX `custom_domains_account_hostname_idx` ON `custom_domains` (`account_id`,`hostname`);--> statement-breakpoint
CREATE UNIQUE INDEX `custom_domains_default_idx` ON `custom_domains` (`account_id`) WHERE is_default;--> statement-breakpoint
CREATE INDEX `custom_domains_account_idx` ON `custom_domains` (`account_id`);--> statement-breakpoint
ALTER TABLE `share_links` ADD `domain` text;--> statement-breakpoint
-- Each account had one domain: it becomes the account's default.
UPDATE `custom_domains` SET `is_default` = 1;