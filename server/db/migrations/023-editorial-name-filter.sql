-- The back office's list by name with a search walks the name index (018) and keeps the rows whose
-- names hold the search. The names were read from the table row by row: for "усадьба", whose names
-- sort late, 44,280 rows were read to find a page of 25 (296 ms at factor 10, cold). With the names
-- in the index as well (INCLUDE) the walk reads only the index: 1,125 pages instead of 45,170, 21 ms.
drop index places_editorial_name;
create index places_editorial_name on places (section, left(names_all, 100), id) include (names_all);
drop index events_editorial_name;
create index events_editorial_name on events (left(names_all, 100), id) include (names_all);
drop index news_editorial_name;
create index news_editorial_name on news (left(names_all, 100), id) include (names_all);
