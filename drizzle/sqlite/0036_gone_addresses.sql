CREATE TABLE `gone_addresses` (
	`key` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`gone_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `gone_addresses_account_idx` ON `gone_addresses` (`account_id`);