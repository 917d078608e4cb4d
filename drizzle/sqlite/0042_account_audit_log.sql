ALTER TABLE `audit_log` ADD `account_id` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `actor_type` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `actor_id` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `actor_name` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `changes` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `address` text;--> statement-breakpoint
CREATE INDEX `audit_log_account_idx` ON `audit_log` (`account_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_actor_type_idx` ON `audit_log` (`actor_type`,`created_at`);