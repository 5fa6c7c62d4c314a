-- A search matches every language's name and text, not only the page's: a visitor types a name in
-- the alphabet they have ("Vyborg" on the Russian page, "Выборг" on the English one, "fortress" on
-- the Chinese one). See docs/decisions/017-search-every-language.md.
--
-- One set of search columns per row instead of one per language, so a word costs the same number
-- of index scans as before (three), not three times as many:
--   search_all  lower-cased names, annotations and descriptions of all languages (substrings, Han
--               pieces; trigram index);
--   fts_all     one tsvector with the `russian` configuration, which stems Cyrillic words as
--               Russian and Latin ones as English (its mapping of ascii words is english_stem) and
--               keeps Han runs as they are; weights tell where a word stands, for ranking: A the
--               names, B the Russian text, C the English, D the Chinese;
--   names_all   the lower-cased names of all languages, for typo matching (word similarity) and
--               the "word in the name" part of the rank (trigram index).
-- The per-language columns of 002/005 (search_*, fts_*, name_*) and their nine indexes per table
-- go: the page's language is read from `name` and from the weights of fts_all when ranking.

create function search_doc_all(name jsonb, annotation jsonb, description jsonb) returns text
language sql immutable parallel safe
return lower(
  coalesce(name->>'ru', '') || ' ' || coalesce(name->>'en', '') || ' ' || coalesce(name->>'zh', '') || ' ' ||
  coalesce(annotation->>'ru', '') || ' ' || coalesce(annotation->>'en', '') || ' ' ||
  coalesce(annotation->>'zh', '') || ' ' ||
  coalesce(description->>'ru', '') || ' ' || coalesce(description->>'en', '') || ' ' ||
  coalesce(description->>'zh', '')
);

create function search_names_all(name jsonb) returns text
language sql immutable parallel safe
return lower(coalesce(name->>'ru', '') || ' ' || coalesce(name->>'en', '') || ' ' || coalesce(name->>'zh', ''));

create function search_tsv_all(name jsonb, annotation jsonb, description jsonb) returns tsvector
language sql immutable parallel safe
return setweight(to_tsvector('russian'::regconfig, search_names_all(name)), 'A') ||
  setweight(to_tsvector('russian'::regconfig,
    coalesce(annotation->>'ru', '') || ' ' || coalesce(description->>'ru', '')), 'B') ||
  setweight(to_tsvector('russian'::regconfig,
    coalesce(annotation->>'en', '') || ' ' || coalesce(description->>'en', '')), 'C') ||
  setweight(to_tsvector('russian'::regconfig,
    coalesce(annotation->>'zh', '') || ' ' || coalesce(description->>'zh', '')), 'D');

-- One statement per table: the old columns go and the new ones come in one rewrite of the rows,
-- already with storage `main` (compressed, kept in the row: 008-search-inline.sql).
alter table places
  drop column search_ru, drop column search_en, drop column search_zh,
  drop column fts_ru, drop column fts_en, drop column fts_zh,
  drop column name_ru, drop column name_en, drop column name_zh,
  add column search_all text generated always as (search_doc_all(name, annotation, description)) stored,
  add column fts_all tsvector generated always as (search_tsv_all(name, annotation, description)) stored,
  add column names_all text generated always as (search_names_all(name)) stored,
  alter column search_all set storage main,
  alter column fts_all set storage main,
  alter column names_all set storage main;
-- Every search of places is within one section (a list, or one group of the site search): one
-- index per section, so that a word's posting list holds that section's rows only. With one index
-- for all places the site search decoded every place's entries for each of the five sections ("музей"
-- in hotels: 4,718 entries of attractions read to find 7 hotels, 12 ms; with the section's own
-- index 0.4 ms; docs/performance.md).
create index places_attractions_search_all on places using gin (search_all gin_trgm_ops) where section = 'attractions';
create index places_attractions_fts_all on places using gin (fts_all) where section = 'attractions';
create index places_attractions_names_all on places using gin (names_all gin_trgm_ops) where section = 'attractions';
create index places_residence_search_all on places using gin (search_all gin_trgm_ops) where section = 'residence';
create index places_residence_fts_all on places using gin (fts_all) where section = 'residence';
create index places_residence_names_all on places using gin (names_all gin_trgm_ops) where section = 'residence';
create index places_caterings_search_all on places using gin (search_all gin_trgm_ops) where section = 'caterings';
create index places_caterings_fts_all on places using gin (fts_all) where section = 'caterings';
create index places_caterings_names_all on places using gin (names_all gin_trgm_ops) where section = 'caterings';
create index places_entertainment_search_all on places using gin (search_all gin_trgm_ops) where section = 'entertainment';
create index places_entertainment_fts_all on places using gin (fts_all) where section = 'entertainment';
create index places_entertainment_names_all on places using gin (names_all gin_trgm_ops) where section = 'entertainment';
create index places_information_centers_search_all on places using gin (search_all gin_trgm_ops) where section = 'tourist-information-centers';
create index places_information_centers_fts_all on places using gin (fts_all) where section = 'tourist-information-centers';
create index places_information_centers_names_all on places using gin (names_all gin_trgm_ops) where section = 'tourist-information-centers';
-- A filter combines with a search as the AND of two bitmaps, but PostgreSQL never ANDs two index
-- scans that share a condition, and `section = …` is both the predicate of these indexes and the
-- first column of places_district and places_type: a district filter with a search then read every
-- place of the district and tested it (100 ms for "музей" in one district at factor 10, where the
-- AND takes 12 ms). The filter columns alone can be ANDed with them.
create index places_district_id on places (district_id);
create index places_type_id on places (type_id);

alter table routes
  drop column search_ru, drop column search_en, drop column search_zh,
  drop column fts_ru, drop column fts_en, drop column fts_zh,
  drop column name_ru, drop column name_en, drop column name_zh,
  add column search_all text generated always as (search_doc_all(name, annotation, description)) stored,
  add column fts_all tsvector generated always as (search_tsv_all(name, annotation, description)) stored,
  add column names_all text generated always as (search_names_all(name)) stored,
  alter column search_all set storage main,
  alter column fts_all set storage main,
  alter column names_all set storage main;
create index routes_search_all on routes using gin (search_all gin_trgm_ops);
create index routes_fts_all on routes using gin (fts_all);
create index routes_names_all on routes using gin (names_all gin_trgm_ops);

alter table events
  drop column search_ru, drop column search_en, drop column search_zh,
  drop column fts_ru, drop column fts_en, drop column fts_zh,
  drop column name_ru, drop column name_en, drop column name_zh,
  add column search_all text generated always as (search_doc_all(name, annotation, description)) stored,
  add column fts_all tsvector generated always as (search_tsv_all(name, annotation, description)) stored,
  add column names_all text generated always as (search_names_all(name)) stored,
  alter column search_all set storage main,
  alter column fts_all set storage main,
  alter column names_all set storage main;
create index events_search_all on events using gin (search_all gin_trgm_ops);
create index events_fts_all on events using gin (fts_all);
create index events_names_all on events using gin (names_all gin_trgm_ops);

alter table news
  drop column search_ru, drop column search_en, drop column search_zh,
  drop column fts_ru, drop column fts_en, drop column fts_zh,
  drop column name_ru, drop column name_en, drop column name_zh,
  add column search_all text generated always as (search_doc_all(name, annotation, description)) stored,
  add column fts_all tsvector generated always as (search_tsv_all(name, annotation, description)) stored,
  add column names_all text generated always as (search_names_all(name)) stored,
  alter column search_all set storage main,
  alter column fts_all set storage main,
  alter column names_all set storage main;
create index news_search_all on news using gin (search_all gin_trgm_ops);
create index news_fts_all on news using gin (fts_all);
create index news_names_all on news using gin (names_all gin_trgm_ops);

-- Tourism types and directions are a few dozen rows: the same columns, in the row, indexed alike.
alter table tourism_types
  drop column search_ru, drop column search_en, drop column search_zh,
  drop column fts_ru, drop column fts_en, drop column fts_zh,
  drop column name_ru, drop column name_en, drop column name_zh,
  add column search_all text generated always as (search_doc_all(name, annotation, description)) stored,
  add column fts_all tsvector generated always as (search_tsv_all(name, annotation, description)) stored,
  add column names_all text generated always as (search_names_all(name)) stored;
create index tourism_types_fts_all on tourism_types using gin (fts_all);
create index tourism_types_names_all on tourism_types using gin (names_all gin_trgm_ops);

alter table directions
  drop column search_ru, drop column search_en, drop column search_zh,
  drop column fts_ru, drop column fts_en, drop column fts_zh,
  drop column name_ru, drop column name_en, drop column name_zh,
  add column search_all text generated always as (search_doc_all(name, annotation, description)) stored,
  add column fts_all tsvector generated always as (search_tsv_all(name, annotation, description)) stored,
  add column names_all text generated always as (search_names_all(name)) stored;
create index directions_search_all on directions using gin (search_all gin_trgm_ops);
create index directions_fts_all on directions using gin (fts_all);
create index directions_names_all on directions using gin (names_all gin_trgm_ops);

-- A short histogram for the names: the planner estimates a typo match (`<%`, pg_trgm's matchingsel)
-- by computing the word's similarity to every histogram entry, 1.3 ms of planning per query with
-- the default 101 entries (ten queries per site search); under 100 entries it takes its default
-- estimate instead. The plans stay the same (docs/performance.md).
alter table places alter column names_all set statistics 10;
alter table routes alter column names_all set statistics 10;
alter table events alter column names_all set statistics 10;
alter table news alter column names_all set statistics 10;
alter table tourism_types alter column names_all set statistics 10;
alter table directions alter column names_all set statistics 10;

-- The old per-language functions are no longer used by any column.
drop function search_doc(jsonb, jsonb, jsonb, text);
drop function search_tsv(jsonb, jsonb, jsonb, text, regconfig);
drop function search_name(jsonb, text);
