-- The search columns stay inside their row, compressed, instead of in the TOAST table.
--
-- A row of `places` holds the name, annotation and description in three languages and their
-- search copies (docs/decisions/006-search.md): several kilobytes, so PostgreSQL moved the large
-- columns, the search columns among them, to the TOAST table. A search then read ~8 extra buffers
-- per row it checked (two TOAST index lookups and their chunks): 16 µs per row, 800 ms to count
-- 29,777 matches of 52,157 attractions. With storage `main` they are compressed and kept in the
-- row (only a row too large for a page moves them out); the descriptions still leave the row
-- first. Measured in docs/performance.md, "Search at factor 10".
alter table places
  alter search_ru set storage main, alter search_en set storage main, alter search_zh set storage main,
  alter fts_ru set storage main, alter fts_en set storage main, alter fts_zh set storage main,
  alter name_ru set storage main, alter name_en set storage main, alter name_zh set storage main;
alter table routes
  alter search_ru set storage main, alter search_en set storage main, alter search_zh set storage main,
  alter fts_ru set storage main, alter fts_en set storage main, alter fts_zh set storage main,
  alter name_ru set storage main, alter name_en set storage main, alter name_zh set storage main;
alter table events
  alter search_ru set storage main, alter search_en set storage main, alter search_zh set storage main,
  alter fts_ru set storage main, alter fts_en set storage main, alter fts_zh set storage main,
  alter name_ru set storage main, alter name_en set storage main, alter name_zh set storage main;
alter table news
  alter search_ru set storage main, alter search_en set storage main, alter search_zh set storage main,
  alter fts_ru set storage main, alter fts_en set storage main, alter fts_zh set storage main,
  alter name_ru set storage main, alter name_en set storage main, alter name_zh set storage main;

-- Rows written before this migration keep their old storage until rewritten: an update computes
-- the generated columns again (about 100 s for 94,000 places on PostgreSQL). The tables are
-- vacuumed after the migration (server/db/migrate.ts, `vacuumAfter`): VACUUM cannot run in it.
update places set name = name;
update routes set name = name;
update events set name = name;
update news set name = name;
