-- A language with no words is missing, in the gaps as in the list's `missing` column (decision
-- 058): a rich text's language whose document is empty (`{"type":"doc","content":[]}`), holds only
-- empty paragraphs, or only pictures without captions, counted as present here (the document's
-- JSON is never blank) and as missing in server/modules/admin/content/repository.ts
-- (missingLanguages). Both now read a language's value by one rule: a text with a character that
-- is not a space, or a document with such a text or picture caption; anything else (absent, null,
-- blank, an empty document) has no words. A translated text is an object of languages; one that
-- is not (an information page's body still stored as blocks, an array) is read as blocks by
-- content_blocks_lack.

-- The rule, for one language's value.
create function content_text_blank(v jsonb) returns boolean
language sql immutable parallel safe
return case jsonb_typeof(v)
  when 'string' then (v #>> '{}') !~ '[^[:space:]]'
  when 'object' then v ->> 'type' is distinct from 'doc' or not exists (
    select 1 from jsonb_path_query(v, 'lax $.**.text') as t
    where jsonb_typeof(t) = 'string' and (t #>> '{}') ~ '[^[:space:]]'
    union all
    select 1 from jsonb_path_query(v, 'lax $.**.caption') as t
    where jsonb_typeof(t) = 'string' and (t #>> '{}') ~ '[^[:space:]]')
  else true
end;

-- A text lacks a language when it is there (an object of languages) and the language has no words.
create or replace function content_texts_lack(doc jsonb, texts text[], lang text) returns boolean
language sql immutable parallel safe
return exists (
  select 1 from unnest(texts) as c
  where jsonb_typeof(doc -> c) = 'object' and content_text_blank(doc -> c -> lang));

-- A page's blocks (a JSON array) with a heading, paragraph, caption or list item lacking the language.
create or replace function content_blocks_lack(blocks jsonb, lang text) returns boolean
language sql immutable parallel safe
return exists (
  select 1
  from jsonb_array_elements(case when jsonb_typeof(blocks) = 'array' then blocks else '[]'::jsonb end) as b,
    lateral (select b -> 'h' as t union all select b -> 'p' union all select b -> 'caption'
      union all select jsonb_array_elements(case when jsonb_typeof(b -> 'list') = 'array' then b -> 'list' else '[]'::jsonb end)) as x
  where jsonb_typeof(x.t) = 'object' and content_text_blank(x.t -> lang));

-- The kept rows judged again by the rule, as migration 033's first fill did, without holding up
-- the previous release's saves (decision 55): the fill reads every item's texts (about 20 s at
-- factor 10) and writes only the rows that change (the items with an empty document in a
-- language: few). A save of the previous release that commits meanwhile judged its item by the
-- old rule; the public tables are then locked against writes (a save under way is waited for, a
-- new one waits until this commits) and the rows the fill's snapshot did not see are judged again,
-- by their xmin (no text read for the others), and the drafts (few) with them.
create temp table content_gaps_refill on commit drop as select pg_current_snapshot() as seen;
do $$
declare
  t text;
begin
  foreach t in array array(select distinct source from content_gap_sections) || '{content_drafts}'::text[] loop
    execute content_gaps_put(t, t);
  end loop;
end
$$;

do $$
declare
  t text;
  seen pg_snapshot := (select seen from content_gaps_refill);
begin
  foreach t in array array(select distinct source from content_gap_sections) || '{content_drafts}'::text[] loop
    execute format('lock table %I in share row exclusive mode', t);
  end loop;
  foreach t in array array(select distinct source from content_gap_sections) loop
    execute format('create temp view content_gaps_unseen as select * from %I as r
      where not pg_visible_in_snapshot(content_gaps_xid8(r.xmin), %L::pg_snapshot)', t, seen);
    execute content_gaps_put('content_gaps_unseen', t);
    drop view content_gaps_unseen;
  end loop;
  execute content_gaps_put('content_drafts', 'content_drafts');
end
$$;

-- A bulk action's saves (thousands in one transaction, decision 051) each changed the counts of
-- the words of their item's row: the same few hundred rows of search_word_counts updated again
-- and again in one transaction, each update walking the row's versions that transaction made
-- (none can be pruned while it runs). 1,500 drafts took 95 s, slower and slower, against 1.7 s
-- without the counts. With `portal.word_counts_later` on in a transaction, the changes go to its
-- table `search_word_counts_later` (insert only), which the action adds to the counts every few
-- hundred items, one update per word. Without the setting (every other write, the previous
-- release's) the counts change at once as before.
create or replace function search_word_counts_track() returns trigger language plpgsql as $$
declare
  section_of text := case when tg_table_name = 'places' then 'section' else '''''' end;
  change text := case when coalesce(current_setting('portal.word_counts_later', true), '') = 'on' then $q$
    insert into search_word_counts_later (source, section, word, items)
    select %L, %s, word, %s count(*) from %I, unnest(tsvector_to_array(fts_all)) as word group by 2, 3$q$
  else $q$
    insert into search_word_counts as c (source, section, word, items)
    select %L, %s, word, %s count(*) from %I, unnest(tsvector_to_array(fts_all)) as word group by 2, 3
    on conflict (source, section, word) do update set items = c.items + excluded.items$q$ end;
begin
  if tg_op in ('UPDATE', 'DELETE') then
    execute format(change, tg_table_name, section_of, '-', 'old_rows');
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    execute format(change, tg_table_name, section_of, '', 'new_rows');
  end if;
  return null;
end
$$;
