-- Newsletter issues: an introduction in three languages and news and events picked by an editor,
-- sent to every confirmed subscriber in the language they subscribed in.
--   status   draft → sending (its mails are in the queue) → sent (none left to send)
create table newsletter_issues (
  id bigint generated always as identity primary key,
  subject jsonb not null,
  intro jsonb not null,
  news_ids integer[] not null default '{}',
  event_ids integer[] not null default '{}',
  status text not null default 'draft' check (status in ('draft', 'sending', 'sent')),
  rate_per_minute integer,
  created_by bigint references staff (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  send_started_at timestamptz
);

-- One row per subscriber an issue goes to, written with the queued mail in the transaction that
-- starts the sending: the primary key makes a second start (or a restart) queue nobody twice.
-- subscriber_id is not a reference: erasing a subscriber keeps the issue's counts.
create table newsletter_deliveries (
  issue_id bigint not null references newsletter_issues (id) on delete cascade,
  subscriber_id bigint not null,
  mail_id bigint,
  primary key (issue_id, subscriber_id)
);
