-- Each stored event row becomes a chunk of its own (event-chunks.ts has the format).
INSERT INTO `link_event_chunks` (`link_id`, `account_id`, `first_at`, `last_at`, `count`, `events`)
SELECT `link_id`, `account_id`, `occurred_at`, `occurred_at`, `count`,
	json_array(json_array(0, `type`, `referrer_host`, `platform`, `country`, `device`, `browser`, `os`, `count`))
FROM `link_events` ORDER BY `id`;--> statement-breakpoint
DROP TABLE `link_events`;
