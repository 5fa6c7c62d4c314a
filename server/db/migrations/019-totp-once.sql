-- A second factor's code counts once: the time step of the last code accepted for an account, so
-- that a code seen over someone's shoulder cannot be typed again within its 30 seconds.
alter table staff add column totp_last_step bigint;
