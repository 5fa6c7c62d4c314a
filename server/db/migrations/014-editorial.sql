-- Editing content from the back office.
--
-- The public tables hold what visitors see, and only that: a published item is a row there, so no
-- public query, index or count changes for the editorial states. An item that is not public (a
-- draft, one scheduled to appear at publish_at, one archived) lives in content_drafts instead, as the
-- document the back office edits; publishing moves it into its table, unpublishing or archiving
-- moves it out. An archived item's public address answers 410 Gone.
--
-- version counts the saves of an item: a save names the version it was based on and is refused
-- (409) when another save came first. Adding a column with a constant default rewrites nothing.
alter table places add column version integer not null default 1;
alter table routes add column version integer not null default 1;
alter table events add column version integer not null default 1;
alter table news add column version integer not null default 1;
alter table directions add column version integer not null default 1;
alter table tourism_types add column version integer not null default 1;
alter table pages add column version integer not null default 1;

create table content_drafts (
  section text not null,
  id integer not null,
  status text not null check (status in ('draft', 'scheduled', 'archived')),
  -- when a scheduled item goes public (news and events); null for the others
  publish_at timestamptz,
  document jsonb not null,
  version integer not null default 1,
  updated_at timestamptz not null default now(),
  updated_by bigint references staff (id) on delete set null,
  primary key (section, id)
);
create index content_drafts_due on content_drafts (publish_at) where status = 'scheduled';

-- Every save: who, when, the fields that changed with their old and new values, and the whole
-- document after it (what "restore this version" puts back).
create table content_history (
  id bigint generated always as identity primary key,
  section text not null,
  item_id integer not null,
  version integer not null,
  status text not null,
  changed_at timestamptz not null default now(),
  staff_id bigint references staff (id) on delete set null,
  changes jsonb not null,
  document jsonb not null
);
create index content_history_item on content_history (section, item_id, version desc);
create index content_history_recent on content_history (changed_at desc);
