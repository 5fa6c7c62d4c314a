-- What visitors send. Nothing acknowledged to a visitor is ever deleted by the application.
create table feedback (
  id bigint generated always as identity primary key,
  name text not null default '',
  phone text not null default '',
  email text not null default '',
  message text not null,
  lang text not null,
  page text,
  created_at timestamptz not null default now()
);

create table subscribers (
  id bigint generated always as identity primary key,
  email text not null,
  lang text not null,
  token text not null unique,
  created_at timestamptz not null default now(),
  unsubscribed_at timestamptz
);
create unique index subscribers_email on subscribers (lower(email));
