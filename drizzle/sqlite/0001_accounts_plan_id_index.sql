DROP INDEX `accounts_plan_idx`;--> statement-breakpoint
CREATE INDEX `accounts_plan_id_idx` ON `accounts` (`plan`,`id`);