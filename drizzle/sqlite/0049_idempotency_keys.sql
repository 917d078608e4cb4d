CREATE TABLE `idempotency_keys` (
	`account_id` text NOT NULL,
	`operation` text NOT NULL,
	`key` text NOT NULL,
	`fingerprint` text NOT NULL,
	`status` integer,
	`answer` text,
	`started_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	PRIMARY KEY(`account_id`, `operation`, `key`),
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `idempotency_keys_expires_idx` ON `idempotency_keys` (`expires_at`);