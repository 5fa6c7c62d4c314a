-- The staff who run the portal from /admin: accounts, their sessions and one-time links.
--   role            admin: accounts, settings and everything an editor does; editor: content,
--                   photos, publishing, visitor messages
--   password_hash   argon2id (PHC string); null until the account's invitation is accepted
--   failed_logins   failed sign-ins in a row; at the lock threshold locked_at is set, and only an
--                   admin (or a password reset) lifts it
--   totp_secret     base32 secret of the second factor; it counts once totp_enabled is true
create table staff (
  id bigint generated always as identity primary key,
  email text not null,
  name text not null default '',
  role text not null check (role in ('admin', 'editor')),
  password_hash text,
  totp_secret text,
  totp_enabled boolean not null default false,
  failed_logins integer not null default 0,
  locked_at timestamptz,
  disabled_at timestamptz,
  password_changed_at timestamptz,
  created_at timestamptz not null default now()
);
create unique index staff_email on staff (lower(email));

-- A signed-in browser. The cookie holds a random value; only its SHA-256 is stored, so a copy of
-- the table signs nobody in. A session ends 30 minutes after it was last used and 12 hours after it
-- began, whichever comes first (server/modules/admin/auth/sessions.ts).
create table staff_sessions (
  id text primary key,
  staff_id bigint not null references staff (id) on delete cascade,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  ip text,
  user_agent text
);
create index staff_sessions_staff on staff_sessions (staff_id);

-- One-time links: the first admin's setup link, invitations and password resets. Only the SHA-256
-- of the token is stored; a link works once and until expires_at.
create table staff_links (
  token_hash text primary key,
  purpose text not null check (purpose in ('setup', 'invite', 'reset')),
  staff_id bigint references staff (id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);

-- Settings the admins change from the back office (key → JSON value).
create table settings (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now()
);
