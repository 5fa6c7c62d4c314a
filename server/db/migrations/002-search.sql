-- Case-insensitive substring search in the requested language (with the ru fallback), served by
-- trigram indexes; it works for Cyrillic, Latin and Chinese alike.
create function search_doc(name jsonb, annotation jsonb, description jsonb, lang text) returns text
language sql immutable parallel safe
return lower(
  coalesce(name->>lang, name->>'ru', '') || ' ' ||
  coalesce(annotation->>lang, annotation->>'ru', '') || ' ' ||
  coalesce(description->>lang, description->>'ru', '')
);

alter table places
  add column search_ru text generated always as (search_doc(name, annotation, description, 'ru')) stored,
  add column search_en text generated always as (search_doc(name, annotation, description, 'en')) stored,
  add column search_zh text generated always as (search_doc(name, annotation, description, 'zh')) stored;
create index places_search_ru on places using gin (search_ru gin_trgm_ops);
create index places_search_en on places using gin (search_en gin_trgm_ops);
create index places_search_zh on places using gin (search_zh gin_trgm_ops);

alter table routes
  add column search_ru text generated always as (search_doc(name, annotation, description, 'ru')) stored,
  add column search_en text generated always as (search_doc(name, annotation, description, 'en')) stored,
  add column search_zh text generated always as (search_doc(name, annotation, description, 'zh')) stored;
create index routes_search_ru on routes using gin (search_ru gin_trgm_ops);
create index routes_search_en on routes using gin (search_en gin_trgm_ops);
create index routes_search_zh on routes using gin (search_zh gin_trgm_ops);

alter table events
  add column search_ru text generated always as (search_doc(name, annotation, description, 'ru')) stored,
  add column search_en text generated always as (search_doc(name, annotation, description, 'en')) stored,
  add column search_zh text generated always as (search_doc(name, annotation, description, 'zh')) stored;
create index events_search_ru on events using gin (search_ru gin_trgm_ops);
create index events_search_en on events using gin (search_en gin_trgm_ops);
create index events_search_zh on events using gin (search_zh gin_trgm_ops);

alter table news
  add column search_ru text generated always as (search_doc(name, annotation, description, 'ru')) stored,
  add column search_en text generated always as (search_doc(name, annotation, description, 'en')) stored,
  add column search_zh text generated always as (search_doc(name, annotation, description, 'zh')) stored;
create index news_search_ru on news using gin (search_ru gin_trgm_ops);
create index news_search_en on news using gin (search_en gin_trgm_ops);
create index news_search_zh on news using gin (search_zh gin_trgm_ops);

alter table tourism_types
  add column search_ru text generated always as (search_doc(name, annotation, description, 'ru')) stored,
  add column search_en text generated always as (search_doc(name, annotation, description, 'en')) stored,
  add column search_zh text generated always as (search_doc(name, annotation, description, 'zh')) stored;
