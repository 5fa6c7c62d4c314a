-- The photos the staff upload: the file is a row of media (its id `photo.<random>`), served and
-- resized by the same pipeline as the generated illustrations; this is what the library knows of
-- it. A content item names its pictures by id, a photo in place of an illustration.
--   alt       what the photo shows, in ru/en/zh (screen readers; required before the photo is used)
--   focal_x/y the point the card crops keep in view, 0..1 from the left and the top
create table media_library (
  id text primary key references media (id) on delete cascade,
  alt jsonb not null default '{}',
  focal_x real not null default 0.5 check (focal_x between 0 and 1),
  focal_y real not null default 0.5 check (focal_y between 0 and 1),
  width integer not null,
  height integer not null,
  bytes integer not null,
  original_name text not null default '',
  created_by bigint references staff (id) on delete set null,
  created_at timestamptz not null default now()
);
create index media_library_recent on media_library (created_at desc);
