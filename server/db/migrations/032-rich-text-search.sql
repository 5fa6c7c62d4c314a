-- A description is a rich text (decision 052): per language, the plain text it was before or the
-- editor's document ({"type":"doc","content":[...]}). The search reads its words: rich_text_words
-- takes a document's texts (every "text" string, then the pictures' captions) in order, and a
-- plain text as it is; a document's node names, marks and links are not words of the item.
--
-- The search columns (009) are generated from these functions; replacing them changes no stored
-- value (a plain text's words are the same as before) and every save of a document computes its
-- row's columns, and so the word counts (012, 028), from its words.
create function rich_text_words(value jsonb) returns text
language sql immutable parallel safe
return case jsonb_typeof(value)
  when 'string' then value #>> '{}'
  when 'object' then (
    select string_agg(t #>> '{}', ' ')
    from (
      select t from jsonb_path_query(value, 'strict $.**.text ? (@.type() == "string")') as t
      union all
      select t from jsonb_path_query(value, 'strict $.**.caption ? (@.type() == "string")') as t
    ) as words)
end;

create or replace function search_doc_all(name jsonb, annotation jsonb, description jsonb) returns text
language sql immutable parallel safe
return lower(
  coalesce(name->>'ru', '') || ' ' || coalesce(name->>'en', '') || ' ' || coalesce(name->>'zh', '') || ' ' ||
  coalesce(annotation->>'ru', '') || ' ' || coalesce(annotation->>'en', '') || ' ' ||
  coalesce(annotation->>'zh', '') || ' ' ||
  coalesce(rich_text_words(description->'ru'), '') || ' ' || coalesce(rich_text_words(description->'en'), '') || ' ' ||
  coalesce(rich_text_words(description->'zh'), '')
);

create or replace function search_tsv_all(name jsonb, annotation jsonb, description jsonb) returns tsvector
language sql immutable parallel safe
return setweight(to_tsvector('russian'::regconfig, search_names_all(name)), 'A') ||
  setweight(to_tsvector('russian'::regconfig,
    coalesce(annotation->>'ru', '') || ' ' || coalesce(rich_text_words(description->'ru'), '')), 'B') ||
  setweight(to_tsvector('russian'::regconfig,
    coalesce(annotation->>'en', '') || ' ' || coalesce(rich_text_words(description->'en'), '')), 'C') ||
  setweight(to_tsvector('russian'::regconfig,
    coalesce(annotation->>'zh', '') || ' ' || coalesce(rich_text_words(description->'zh'), '')), 'D');
