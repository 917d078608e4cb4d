-- Webhook endpoint addresses lose the user name and password they were saved with: they were never
-- sent, and are no longer accepted. Stored addresses are serialised URLs, so the authority's only
-- raw "@" ends the user name and password, before the first "/" after the scheme.
UPDATE "webhook_endpoints" SET "url" = regexp_replace("url", '^(https?://)[^/@]*@', '\1') WHERE "url" ~ '^https?://[^/@]*@';
