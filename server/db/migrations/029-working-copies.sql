-- A working copy of a published item: the back office's edits saved without changing the site.
--
-- The published version stays the row of its public table, which is all the public API, pages,
-- search, sitemap and map read; the edited document waits here until "publish changes" writes it
-- into that row (and drops this one) or "discard changes" drops it. A table of its own rather than
-- a state of content_drafts: the back office's lists, counts and exports read content_drafts as
-- "the items that are not public", and a published item would be counted twice there.
-- version is the item's version after the working copy's save (the public row's version column
-- is kept equal to it, so that every version check of a save reads one number).
create table content_working_copies (
  section text not null,
  id integer not null,
  document jsonb not null,
  version integer not null,
  updated_at timestamptz not null default now(),
  updated_by bigint references staff (id) on delete set null,
  primary key (section, id)
);
