-- Site search and list `search=`: full-text search with word forms (russian/english snowball
-- stemming) next to the trigram substring search of 002. Each language gets a stored tsvector:
-- the name weighted 'A', annotation and description 'B'. Chinese has no stemmer and no word breaks:
-- it is matched by substring and two-character pieces on search_zh (trigram index), its tsvector
-- uses the 'simple' configuration only to keep the columns alike. See docs/decisions/006-search.md.
create function search_tsv(name jsonb, annotation jsonb, description jsonb, lang text, config regconfig)
returns tsvector
language sql immutable parallel safe
return setweight(to_tsvector(config, coalesce(name->>lang, name->>'ru', '')), 'A') ||
  setweight(to_tsvector(config,
    coalesce(annotation->>lang, annotation->>'ru', '') || ' ' ||
    coalesce(description->>lang, description->>'ru', '')), 'B');

-- The name alone, lower-cased, for typo matching (word similarity) and ranking.
create function search_name(name jsonb, lang text) returns text
language sql immutable parallel safe
return lower(coalesce(name->>lang, name->>'ru', ''));

-- Directions join the searchable sections.
alter table directions
  add column search_ru text generated always as (search_doc(name, annotation, description, 'ru')) stored,
  add column search_en text generated always as (search_doc(name, annotation, description, 'en')) stored,
  add column search_zh text generated always as (search_doc(name, annotation, description, 'zh')) stored;
create index directions_search_ru on directions using gin (search_ru gin_trgm_ops);
create index directions_search_en on directions using gin (search_en gin_trgm_ops);
create index directions_search_zh on directions using gin (search_zh gin_trgm_ops);

alter table places
  add column fts_ru tsvector generated always as (search_tsv(name, annotation, description, 'ru', 'russian')) stored,
  add column fts_en tsvector generated always as (search_tsv(name, annotation, description, 'en', 'english')) stored,
  add column fts_zh tsvector generated always as (search_tsv(name, annotation, description, 'zh', 'simple')) stored,
  add column name_ru text generated always as (search_name(name, 'ru')) stored,
  add column name_en text generated always as (search_name(name, 'en')) stored,
  add column name_zh text generated always as (search_name(name, 'zh')) stored;
create index places_fts_ru on places using gin (fts_ru);
create index places_fts_en on places using gin (fts_en);
create index places_fts_zh on places using gin (fts_zh);
create index places_name_ru on places using gin (name_ru gin_trgm_ops);
create index places_name_en on places using gin (name_en gin_trgm_ops);
create index places_name_zh on places using gin (name_zh gin_trgm_ops);

alter table routes
  add column fts_ru tsvector generated always as (search_tsv(name, annotation, description, 'ru', 'russian')) stored,
  add column fts_en tsvector generated always as (search_tsv(name, annotation, description, 'en', 'english')) stored,
  add column fts_zh tsvector generated always as (search_tsv(name, annotation, description, 'zh', 'simple')) stored,
  add column name_ru text generated always as (search_name(name, 'ru')) stored,
  add column name_en text generated always as (search_name(name, 'en')) stored,
  add column name_zh text generated always as (search_name(name, 'zh')) stored;
create index routes_fts_ru on routes using gin (fts_ru);
create index routes_fts_en on routes using gin (fts_en);
create index routes_fts_zh on routes using gin (fts_zh);
create index routes_name_ru on routes using gin (name_ru gin_trgm_ops);
create index routes_name_en on routes using gin (name_en gin_trgm_ops);
create index routes_name_zh on routes using gin (name_zh gin_trgm_ops);

alter table events
  add column fts_ru tsvector generated always as (search_tsv(name, annotation, description, 'ru', 'russian')) stored,
  add column fts_en tsvector generated always as (search_tsv(name, annotation, description, 'en', 'english')) stored,
  add column fts_zh tsvector generated always as (search_tsv(name, annotation, description, 'zh', 'simple')) stored,
  add column name_ru text generated always as (search_name(name, 'ru')) stored,
  add column name_en text generated always as (search_name(name, 'en')) stored,
  add column name_zh text generated always as (search_name(name, 'zh')) stored;
create index events_fts_ru on events using gin (fts_ru);
create index events_fts_en on events using gin (fts_en);
create index events_fts_zh on events using gin (fts_zh);
create index events_name_ru on events using gin (name_ru gin_trgm_ops);
create index events_name_en on events using gin (name_en gin_trgm_ops);
create index events_name_zh on events using gin (name_zh gin_trgm_ops);

alter table news
  add column fts_ru tsvector generated always as (search_tsv(name, annotation, description, 'ru', 'russian')) stored,
  add column fts_en tsvector generated always as (search_tsv(name, annotation, description, 'en', 'english')) stored,
  add column fts_zh tsvector generated always as (search_tsv(name, annotation, description, 'zh', 'simple')) stored,
  add column name_ru text generated always as (search_name(name, 'ru')) stored,
  add column name_en text generated always as (search_name(name, 'en')) stored,
  add column name_zh text generated always as (search_name(name, 'zh')) stored;
create index news_fts_ru on news using gin (fts_ru);
create index news_fts_en on news using gin (fts_en);
create index news_fts_zh on news using gin (fts_zh);
create index news_name_ru on news using gin (name_ru gin_trgm_ops);
create index news_name_en on news using gin (name_en gin_trgm_ops);
create index news_name_zh on news using gin (name_zh gin_trgm_ops);

alter table tourism_types
  add column fts_ru tsvector generated always as (search_tsv(name, annotation, description, 'ru', 'russian')) stored,
  add column fts_en tsvector generated always as (search_tsv(name, annotation, description, 'en', 'english')) stored,
  add column fts_zh tsvector generated always as (search_tsv(name, annotation, description, 'zh', 'simple')) stored,
  add column name_ru text generated always as (search_name(name, 'ru')) stored,
  add column name_en text generated always as (search_name(name, 'en')) stored,
  add column name_zh text generated always as (search_name(name, 'zh')) stored;
create index tourism_types_fts_ru on tourism_types using gin (fts_ru);
create index tourism_types_fts_en on tourism_types using gin (fts_en);
create index tourism_types_fts_zh on tourism_types using gin (fts_zh);
create index tourism_types_name_ru on tourism_types using gin (name_ru gin_trgm_ops);
create index tourism_types_name_en on tourism_types using gin (name_en gin_trgm_ops);
create index tourism_types_name_zh on tourism_types using gin (name_zh gin_trgm_ops);

alter table directions
  add column fts_ru tsvector generated always as (search_tsv(name, annotation, description, 'ru', 'russian')) stored,
  add column fts_en tsvector generated always as (search_tsv(name, annotation, description, 'en', 'english')) stored,
  add column fts_zh tsvector generated always as (search_tsv(name, annotation, description, 'zh', 'simple')) stored,
  add column name_ru text generated always as (search_name(name, 'ru')) stored,
  add column name_en text generated always as (search_name(name, 'en')) stored,
  add column name_zh text generated always as (search_name(name, 'zh')) stored;
create index directions_fts_ru on directions using gin (fts_ru);
create index directions_fts_en on directions using gin (fts_en);
create index directions_fts_zh on directions using gin (fts_zh);
create index directions_name_ru on directions using gin (name_ru gin_trgm_ops);
create index directions_name_en on directions using gin (name_en gin_trgm_ops);
create index directions_name_zh on directions using gin (name_zh gin_trgm_ops);
