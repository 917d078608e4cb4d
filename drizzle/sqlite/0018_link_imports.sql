CREATE TABLE `link_import_chunks` (
	`import_id` text NOT NULL,
	`position` integer NOT NULL,
	`items` text NOT NULL,
	`report` text,
	PRIMARY KEY(`import_id`, `position`),
	FOREIGN KEY (`import_id`) REFERENCES `link_imports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `link_imports` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`created_by` text,
	`source` text NOT NULL,
	`file_name` text NOT NULL,
	`mapping` text NOT NULL,
	`status` text NOT NULL,
	`message` text,
	`total` integer NOT NULL,
	`done` integer DEFAULT 0 NOT NULL,
	`created` integer DEFAULT 0 NOT NULL,
	`failed` integer DEFAULT 0 NOT NULL,
	`resume_at` integer,
	`lease_until` integer,
	`created_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `link_imports_account_created_idx` ON `link_imports` (`account_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `link_imports_status_idx` ON `link_imports` (`status`);