-- Webhook endpoint addresses lose the user name and password they were saved with: they were never
-- sent, and are no longer accepted. Stored addresses are serialised URLs, so the authority's only
-- raw "@" ends the user name and password, before the first "/" after the scheme.
UPDATE `webhook_endpoints`
SET `url` = substr(`url`, 1, instr(`url`, '://') + 2) || substr(`url`, instr(`url`, '@') + 1)
WHERE instr(`url`, '@') > 0
  AND instr(`url`, '@') < instr(`url`, '://') + 2 + instr(substr(`url`, instr(`url`, '://') + 3), '/');
