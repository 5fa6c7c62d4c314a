-- When a route or an event was last changed: the GPX metadata time and the .ics DTSTAMP /
-- LAST-MODIFIED come from it, so the same download gives the same bytes until the item changes.
alter table routes add column updated_at timestamptz not null default now();
alter table events add column updated_at timestamptz not null default now();
