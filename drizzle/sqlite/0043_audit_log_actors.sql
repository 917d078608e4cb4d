-- Every entry before accounts had logs was a super admin acting in the panel.
UPDATE `audit_log` SET `actor_type` = 'admin', `actor_id` = `actor_user_id`, `actor_name` = `actor_email`;
