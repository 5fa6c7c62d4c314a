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
