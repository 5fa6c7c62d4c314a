-- The back office lists a section by name or by last change, a page at a time: these indexes give
-- those orders directly (an index scan that stops after the page), where a sort of 52,000
-- attractions took 140 ms. The name's order is that of its first 100 characters (all its
-- languages, lower-cased: the Russian name first).
create index places_editorial_name on places (section, left(names_all, 100), id);
create index places_editorial_changed on places (section, updated_at, id);
create index events_editorial_name on events (left(names_all, 100), id);
create index events_editorial_changed on events (updated_at, id);
create index news_editorial_name on news (left(names_all, 100), id);
create index news_editorial_changed on news (updated_at, id);
