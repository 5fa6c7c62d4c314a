-- A section's spreadsheet read back (server/modules/admin/content/import.ts, decision 46).
--
-- A dry run is kept here, with the plan it made (per row: the item's version it was read at, the
-- state before and the state after), so that "apply" writes exactly what the staff member saw and
-- any portal process can apply it. Applying writes every changed item through the same save as the
-- back office's forms, in one transaction; each save's history entry names the import. Undoing
-- puts back each item's state before, again as saves naming the import.
create table content_imports (
  id text primary key,
  section text not null,
  file_name text not null,
  format text not null check (format in ('csv', 'xlsx')),
  status text not null check (status in ('planned', 'applied', 'undone', 'cancelled')),
  staff_id bigint references staff (id) on delete set null,
  created_at timestamptz not null default now(),
  applied_at timestamptz,
  applied_by bigint references staff (id) on delete set null,
  undone_at timestamptz,
  undone_by bigint references staff (id) on delete set null,
  -- rows, changed, created, unchanged, invalid
  counts jsonb not null,
  -- the dry run's answer (what the staff member saw) and what apply and undo need; emptied once
  -- an unapplied plan is cancelled or too old
  plan jsonb
);
create index content_imports_recent on content_imports (section, created_at desc);

-- The import a save belongs to (applying or undoing it); null for a save from a form.
alter table content_history add column import_id text references content_imports (id) on delete set null;
alter table content_history add column import_undo boolean not null default false;

-- The word counts of the search (migration 012) are kept by a statement trigger that subtracted
-- every old row's words and added every new row's, whatever the update changed: a save that
-- changes a phone or opening hours paid for its item's few hundred words (0.25-0.35 s on
-- PostgreSQL at the real volume), and an import saves thousands of items. An update whose rows keep
-- their searched text (and section) now leaves the counts alone; the counts stay exact (the words of such a row
-- would be taken off and put back).
create or replace function search_word_counts_track() returns trigger language plpgsql as $$
declare
  section_of text := case when tg_table_name = 'places' then 'section' else '''''' end;
  change text := $q$
    insert into search_word_counts as c (source, section, word, items)
    select %L, %s, word, %s count(*) from %I, unnest(tsvector_to_array(fts_all)) as word group by 2, 3
    on conflict (source, section, word) do update set items = c.items + excluded.items$q$;
begin
  -- old_rows exists only in an update's trigger: a nested test, never read by an insert's
  if tg_op = 'UPDATE' then
    if (select count(*) from old_rows) = (select count(*) from new_rows)
      and not exists (
        select 1 from old_rows o full join new_rows n on o.id = n.id
        where o.id is null or n.id is null or o.fts_all is distinct from n.fts_all
          or to_jsonb(o) ->> 'section' is distinct from to_jsonb(n) ->> 'section')
    then
      return null;
    end if;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    execute format(change, tg_table_name, section_of, '-', 'old_rows');
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    execute format(change, tg_table_name, section_of, '', 'new_rows');
  end if;
  return null;
end
$$;
