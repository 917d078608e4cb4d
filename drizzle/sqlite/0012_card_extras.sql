ALTER TABLE `share_links` ADD `twitter_player` text;--> statement-breakpoint
ALTER TABLE `share_links` ADD `twitter_app` text;--> statement-breakpoint
ALTER TABLE `share_links` ADD `theme_color` text;