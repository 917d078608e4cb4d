-- Raw events are partitioned by month of first_at, so that retention drops whole months
-- (src/modules/analytics/event-partitions.ts makes the months ahead and drops those past it).
-- The rows move over in place: the table is renamed, the partitioned one made under its name with
-- the same columns, keys and indexes, a partition for each month its rows span (three years back
-- at most: older rows go to the default partition) up to two months ahead, and the rows copied in.
-- The id sequence carries on. A partitioned table's key must hold its partitioning column: (id, first_at).
ALTER TABLE "link_event_chunks" RENAME TO "link_event_chunks_unpartitioned";--> statement-breakpoint
ALTER TABLE "link_event_chunks_unpartitioned" RENAME CONSTRAINT "link_event_chunks_pkey" TO "link_event_chunks_unpartitioned_pkey";--> statement-breakpoint
ALTER TABLE "link_event_chunks_unpartitioned" RENAME CONSTRAINT "link_event_chunks_link_id_share_links_id_fk" TO "link_event_chunks_unpartitioned_link_fk";--> statement-breakpoint
ALTER TABLE "link_event_chunks_unpartitioned" RENAME CONSTRAINT "link_event_chunks_account_id_accounts_id_fk" TO "link_event_chunks_unpartitioned_account_fk";--> statement-breakpoint
ALTER INDEX "link_event_chunks_link_first_idx" RENAME TO "link_event_chunks_unpartitioned_link_first_idx";--> statement-breakpoint
ALTER INDEX "link_event_chunks_link_last_idx" RENAME TO "link_event_chunks_unpartitioned_link_last_idx";--> statement-breakpoint
ALTER INDEX "link_event_chunks_last_idx" RENAME TO "link_event_chunks_unpartitioned_last_idx";--> statement-breakpoint
CREATE TABLE "link_event_chunks" (
	"id" bigint DEFAULT nextval('link_event_chunks_id_seq') NOT NULL,
	"link_id" text NOT NULL,
	"account_id" text NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"events" text NOT NULL,
	CONSTRAINT "link_event_chunks_id_first_at_pk" PRIMARY KEY("id","first_at")
) PARTITION BY RANGE ("first_at");--> statement-breakpoint
ALTER SEQUENCE "link_event_chunks_id_seq" OWNED BY "link_event_chunks"."id";--> statement-breakpoint
ALTER TABLE "link_event_chunks" ADD CONSTRAINT "link_event_chunks_link_id_share_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_event_chunks" ADD CONSTRAINT "link_event_chunks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "link_event_chunks_link_first_idx" ON "link_event_chunks" USING btree ("link_id","first_at");--> statement-breakpoint
CREATE INDEX "link_event_chunks_link_last_idx" ON "link_event_chunks" USING btree ("link_id","last_at");--> statement-breakpoint
CREATE INDEX "link_event_chunks_last_idx" ON "link_event_chunks" USING btree ("last_at");--> statement-breakpoint
CREATE TABLE "link_event_chunks_default" PARTITION OF "link_event_chunks" DEFAULT;--> statement-breakpoint
DO $$
DECLARE
  this_month timestamp := date_trunc('month', now() AT TIME ZONE 'UTC');
  month timestamp;
BEGIN
  SELECT greatest(coalesce(date_trunc('month', min("first_at") AT TIME ZONE 'UTC'), this_month), this_month - interval '36 months')
    INTO month FROM "link_event_chunks_unpartitioned";
  WHILE month <= this_month + interval '2 months' LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF "link_event_chunks" FOR VALUES FROM (%L) TO (%L)',
      'link_event_chunks_' || to_char(month, 'YYYY_MM'), month AT TIME ZONE 'UTC', (month + interval '1 month') AT TIME ZONE 'UTC');
    month := month + interval '1 month';
  END LOOP;
END $$;--> statement-breakpoint
INSERT INTO "link_event_chunks" ("id", "link_id", "account_id", "first_at", "last_at", "count", "events")
  SELECT "id", "link_id", "account_id", "first_at", "last_at", "count", "events" FROM "link_event_chunks_unpartitioned";--> statement-breakpoint
DROP TABLE "link_event_chunks_unpartitioned";
