-- Where each practical fact of a place came from and the day it was last checked (decision 047):
-- keyed by fact (opening_hours, admission, accessibility, phone, site), each
-- {source: venue|osm|staff|import, checked: YYYY-MM-DD, ref?: 'node/123', note?}. A fact without a
-- key has no recorded source; an unknown fact has none. Written by the back office's save.
alter table places add column fact_sources jsonb not null default '{}';

-- The facts found in OpenStreetMap for a section's places, waiting for staff to accept or reject
-- each (server/modules/admin/osm). One row per place and fact of one search; a new search of a
-- section replaces the rows still waiting.
create table osm_proposals (
  id serial primary key,
  section text not null,
  place_id integer not null,
  fact text not null,
  -- the value as the portal would store it; null when OpenStreetMap's cannot be represented
  proposed jsonb,
  -- OpenStreetMap's own text of the tag(s) it came from (opening_hours, phone ...)
  raw text not null,
  -- the place's value when the search ran
  current jsonb,
  osm_type text not null check (osm_type in ('node', 'way', 'relation')),
  osm_id bigint not null,
  osm_name text,
  distance_m integer not null,
  confidence text not null check (confidence in ('sure', 'doubtful')),
  status text not null default 'pending' check (status in ('pending', 'accepted', 'rejected')),
  found_at timestamptz not null default now(),
  decided_at timestamptz,
  decided_by integer references staff (id) on delete set null,
  foreign key (section, place_id) references places (section, id) on delete cascade on update cascade
);
create index osm_proposals_waiting on osm_proposals (section, status, place_id);
