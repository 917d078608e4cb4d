CREATE TABLE `data_upgrades` (
	`name` text PRIMARY KEY NOT NULL,
	`done_at` integer NOT NULL
);
