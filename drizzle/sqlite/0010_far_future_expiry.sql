-- Expiry dates past year 9999 (once accepted from input such as "99999") cannot be written as
-- RFC 3339; such a link never expires in practice, so it becomes permanent.
UPDATE `share_links` SET `expires_at` = NULL WHERE `expires_at` > 253402300799999;
