-- Editing the rest of the content from the back office: the partners, the main page and the
-- directories are saved like the sections (a version checked on each save, the time of the last
-- change). Columns with constant or stable defaults: no table is rewritten.
alter table partners add column version integer not null default 1;
alter table partners add column updated_at timestamptz not null default now();
alter table main_page add column version integer not null default 1;
alter table main_page add column updated_at timestamptz not null default now();
alter table districts add column version integer not null default 1;
alter table districts add column updated_at timestamptz not null default now();
alter table cities add column version integer not null default 1;
alter table cities add column updated_at timestamptz not null default now();
alter table directory_items add column version integer not null default 1;
alter table directory_items add column updated_at timestamptz not null default now();
