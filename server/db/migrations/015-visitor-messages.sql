-- The staff's side of what visitors send: the feedback inbox and the newsletter's confirmations.
--   feedback.status   new → in_progress → answered, or spam; a message is never deleted for its
--                     state, only when its sender asks to be erased
--   feedback_notes    the staff's notes on a message and the replies mailed to its sender
alter table feedback add column status text not null default 'new'
  check (status in ('new', 'in_progress', 'answered', 'spam'));
alter table feedback add column updated_at timestamptz;
create index feedback_inbox on feedback (status, id desc);

create table feedback_notes (
  id bigint generated always as identity primary key,
  feedback_id bigint not null references feedback (id) on delete cascade,
  staff_id bigint references staff (id) on delete set null,
  kind text not null check (kind in ('note', 'reply')),
  text text not null,
  created_at timestamptz not null default now()
);
create index feedback_notes_message on feedback_notes (feedback_id, id);

-- Double opt-in: an address receives the newsletter once its owner confirmed it by the link of
-- the first mail. The addresses subscribed before confirmations existed count as confirmed; an
-- address left unconfirmed for 7 days is forgotten.
alter table subscribers add column confirmed_at timestamptz;
update subscribers set confirmed_at = created_at;
create index subscribers_unconfirmed on subscribers (created_at) where confirmed_at is null;
