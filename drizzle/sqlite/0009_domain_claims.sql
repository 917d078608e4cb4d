DROP INDEX `custom_domains_hostname_idx`;--> statement-breakpoint
ALTER TABLE `custom_domains` ADD `dns_checked_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `custom_domains_verified_hostname_idx` ON `custom_domains` (`hostname`) WHERE verified_at is not null;--> statement-breakpoint
CREATE INDEX `custom_domains_hostname_idx` ON `custom_domains` (`hostname`);