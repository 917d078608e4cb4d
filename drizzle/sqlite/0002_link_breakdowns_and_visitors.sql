CREATE TABLE `link_daily_breakdowns` (
	`link_id` text NOT NULL,
	`dimension` text NOT NULL,
	`day` text NOT NULL,
	`value` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`link_id`, `dimension`, `day`, `value`),
	FOREIGN KEY (`link_id`) REFERENCES `share_links`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `link_daily_visitors` (
	`link_id` text NOT NULL,
	`day` text NOT NULL,
	`visitor_hash` text NOT NULL,
	PRIMARY KEY(`link_id`, `day`, `visitor_hash`),
	FOREIGN KEY (`link_id`) REFERENCES `share_links`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `link_daily_visitors_day_idx` ON `link_daily_visitors` (`day`);