-- The staff's sign-in: guessers are slowed down instead of accounts being locked, and the second
-- factor's secrets are no longer readable from a copy of the database.

-- Failed sign-ins no longer lock an account: anyone who knew an address could lock it, the only
-- admin's too. Existing locks go with the columns; guessers now wait longer and longer
-- (server/modules/admin/auth/attempts.ts).
alter table staff drop column failed_logins, drop column locked_at;

-- totp_secret is now sealed with SECRET_KEY (AES-256-GCM, `v1.<key id>.<iv>.<data>.<tag>`,
-- server/lib/secret-box.ts). A secret still in the clear is sealed when the portal starts: SQL
-- does not have the key.
comment on column staff.totp_secret is
  'sealed with SECRET_KEY (v1.<key id>.<iv>.<ciphertext>.<tag>); sealed at start if still in the clear';

-- Failures counted per key (a client address, an account) with a doubling wait, where no Redis
-- (REDIS_URL) counts them (server/lib/backoff.ts). A row is forgotten at forget_at.
create table failure_backoff (
  key text primary key,
  failures integer not null,
  wait_until timestamptz not null,
  forget_at timestamptz not null
);

-- Browsers an account has signed in from (the device cookie holds a random value; only its SHA-256
-- is stored). Such a browser is not slowed down by other people's failures on its account; its own
-- failures count, and after 10 in a row it is trusted no more.
create table staff_devices (
  id text primary key,
  staff_id bigint not null references staff (id) on delete cascade,
  failures integer not null default 0,
  created_at timestamptz not null default now(),
  last_used_at timestamptz not null default now()
);
create index staff_devices_staff on staff_devices (staff_id);

-- One-time recovery codes of an account's second factor, in place of a code of the authenticator
-- app (a lost phone). Only a SHA-256 of each is stored: a code has 80 random bits, too many to
-- guess from the hash. used_at marks a code spent.
create table staff_recovery_codes (
  staff_id bigint not null references staff (id) on delete cascade,
  code_hash text not null,
  used_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (staff_id, code_hash)
);
