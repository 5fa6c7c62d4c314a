-- Mail the portal sends (welcome mails, feedback copies for the staff). A mail is stored in the same
-- transaction as what caused it and sent after the commit, so a failing mail server never loses a
-- subscription or a message: what could not be sent stays here and is retried with a growing delay.
create table mail_queue (
  id bigint generated always as identity primary key,
  kind text not null,
  recipient text not null,
  message jsonb not null,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  last_error text,
  sent_at timestamptz,
  failed_at timestamptz,
  created_at timestamptz not null default now()
);
create index mail_queue_due on mail_queue (next_attempt_at) where sent_at is null and failed_at is null;
