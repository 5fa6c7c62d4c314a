-- What each item of the back office lacks, kept by the database (decision 058): the coverage
-- counts, the dashboard's and a section's summary, and the list's filters (`missing=`,
-- `photo=`) read one narrow row per item instead of every row's texts (at factor 10 the
-- attractions' texts are a 438 MB table: each count read all of it, past the 1.5 s deadline).
--
-- content_gaps holds a row per row of a public table (published) and per draft (content_drafts):
--   section, id     the item
--   published       the row is its public table's; false for a draft (scheduled, archived)
--   status          'published', or the draft's state
--   working         a published item with a working copy (content_working_copies)
--   lacks_<fact>    the item lacks a fact of the coverage table (common/coverage.ts): hours (no
--                   weekly schedule), phone (blank), price (admission unknown), accessibility (no
--                   fact known, yes or no), photo (no real photo: a picture whose original is in
--                   media and is not a drawn logo), translation_en / _zh (the language blank in a
--                   name, annotation or description that is there)
--   lacks_en/_zh    the language blank in any translated text (or a page's block): `missing=en`
--   pictures        the item's picture ids, to find the items a change of media concerns
-- A published item's row describes the published version; its working copy is only flagged.
-- Triggers keep it exact on every insert, update, delete and truncate of the public tables,
-- content_drafts, content_working_copies and media, whichever release writes them.
create table content_gaps (
  section text not null,
  published boolean not null,
  id integer not null,
  status text not null,
  working boolean not null default false,
  lacks_hours boolean not null,
  lacks_phone boolean not null,
  lacks_price boolean not null,
  lacks_accessibility boolean not null,
  lacks_photo boolean not null,
  lacks_translation_en boolean not null,
  lacks_translation_zh boolean not null,
  lacks_en boolean not null,
  lacks_zh boolean not null,
  pictures text[] not null default '{}',
  primary key (section, published, id)
);
create index content_gaps_pictures on content_gaps using gin (pictures);

-- Where each edited section's items are and which of their texts the gaps read: `texts` are its
-- translated fields (`missing=en|zh`), `firsts` those of them the coverage's translations count
-- (name, annotation, description). The same lists as common/editorial.ts and common/coverage.ts
-- derive from the sections' fields; tests/api/content-gaps.test.ts holds them equal. A migration
-- that adds a translated field, or a section, updates its row here.
create table content_gap_sections (
  section text primary key,
  -- the public table, and the column that picks the section's rows in a table it shares
  source text not null,
  scope text,
  texts text[] not null,
  firsts text[] not null
);
insert into content_gap_sections (section, source, scope, texts, firsts) values
  ('attractions', 'places', 'section', '{name,annotation,description,address,hours,price,search_title,search_description}', '{name,annotation,description}'),
  ('residence', 'places', 'section', '{name,annotation,description,address,hours,price,search_title,search_description}', '{name,annotation,description}'),
  ('caterings', 'places', 'section', '{name,annotation,description,address,hours,price,search_title,search_description}', '{name,annotation,description}'),
  ('entertainment', 'places', 'section', '{name,annotation,description,address,hours,price,search_title,search_description}', '{name,annotation,description}'),
  ('tourist-information-centers', 'places', 'section', '{name,annotation,description,address,hours,price,search_title,search_description}', '{name,annotation,description}'),
  ('routes', 'routes', null, '{name,annotation,description,duration,season,search_title,search_description}', '{name,annotation,description}'),
  ('events', 'events', null, '{name,annotation,description,venue,address,price,organizer,search_title,search_description}', '{name,annotation,description}'),
  ('news', 'news', null, '{name,annotation,description,search_title,search_description}', '{name,annotation,description}'),
  ('tourism-type', 'tourism_types', null, '{name,annotation,description,search_title,search_description}', '{name,annotation,description}'),
  ('directions', 'directions', null, '{name,annotation,description,search_title,search_description}', '{name,annotation,description}'),
  ('pages', 'pages', null, '{title,annotation,search_title,search_description}', '{annotation}'),
  ('main-page', 'main_page', null, '{title,description,button_label,address}', '{description}'),
  ('partners', 'partners', null, '{name}', '{name}'),
  ('district', 'districts', null, '{name}', '{name}'),
  ('city', 'cities', null, '{name}', '{name}'),
  ('object-type', 'directory_items', 'kind', '{name}', '{name}'),
  ('route-type', 'directory_items', 'kind', '{name}', '{name}'),
  ('vehicle', 'directory_items', 'kind', '{name}', '{name}'),
  ('residence-type', 'directory_items', 'kind', '{name}', '{name}'),
  ('institution-type', 'directory_items', 'kind', '{name}', '{name}'),
  ('kitchen-type', 'directory_items', 'kind', '{name}', '{name}'),
  ('entertainment-type', 'directory_items', 'kind', '{name}', '{name}');

-- A text lacks a language when it is there (not null) and the language's value is absent or blank.
create function content_texts_lack(doc jsonb, texts text[], lang text) returns boolean
language sql immutable parallel safe
return exists (
  select 1 from unnest(texts) as c
  where coalesce(doc -> c, 'null'::jsonb) <> 'null'::jsonb and coalesce(btrim(doc -> c ->> lang), '') = '');

-- A page's blocks (a JSON array) with a heading, paragraph, caption or list item lacking the language.
create function content_blocks_lack(blocks jsonb, lang text) returns boolean
language sql immutable parallel safe
return exists (
  select 1
  from jsonb_array_elements(case when jsonb_typeof(blocks) = 'array' then blocks else '[]'::jsonb end) as b,
    lateral (select b -> 'h' as t union all select b -> 'p' union all select b -> 'caption'
      union all select jsonb_array_elements(case when jsonb_typeof(b -> 'list') = 'array' then b -> 'list' else '[]'::jsonb end)) as x
  where jsonb_typeof(x.t) = 'object' and coalesce(btrim(x.t ->> lang), '') = '');

-- The gaps of one item from its document: a draft's, or a public row as JSON (the same keys, the
-- columns' names). A fact whose field the section has not reads as lacking; nothing asks for it.
create function content_gaps_of(doc jsonb, texts text[], firsts text[])
returns table (
  lacks_hours boolean, lacks_phone boolean, lacks_price boolean, lacks_accessibility boolean,
  lacks_photo boolean, lacks_translation_en boolean, lacks_translation_zh boolean,
  lacks_en boolean, lacks_zh boolean, pictures text[])
language sql stable parallel safe
as $$
  select
    coalesce(doc -> 'opening_hours', 'null'::jsonb) = 'null'::jsonb,
    coalesce(btrim(doc ->> 'phone'), '') = '',
    coalesce(doc -> 'admission', 'null'::jsonb) = 'null'::jsonb,
    not exists (
      select 1 from jsonb_each(case when jsonb_typeof(doc -> 'accessibility') = 'object'
        then doc -> 'accessibility' else '{}'::jsonb end) as a
      where jsonb_typeof(a.value) = 'boolean'),
    not exists (select 1 from media m where m.id = any(p.pictures) and m.content_type <> 'image/svg+xml'),
    content_texts_lack(doc, firsts, 'en'),
    content_texts_lack(doc, firsts, 'zh'),
    content_texts_lack(doc, texts, 'en') or content_blocks_lack(doc -> 'blocks', 'en'),
    content_texts_lack(doc, texts, 'zh') or content_blocks_lack(doc -> 'blocks', 'zh'),
    p.pictures
  from (select array(select jsonb_array_elements_text(case when jsonb_typeof(doc -> 'images') = 'array'
    then doc -> 'images' else '[]'::jsonb end)) as pictures) as p
$$;

-- The items of a relation holding rows of `source` (a public table, or content_drafts): each
-- one's section, id, state and document, with its section's texts. The text of a query, for the
-- triggers' transition tables and for the first fill alike. A public row's document holds only
-- the columns the gaps read (its sections' texts and the facts' columns it has): the row's other
-- columns, the search's long texts among them, are not read (to_jsonb of the whole row read them
-- all: the first fill took over 2 minutes at factor 10, against about 22 s).
create function content_gap_items(relation text, source text) returns text
language sql stable parallel safe
return case when source = 'content_drafts' then format($q$
  select f.section, r.id, r.status, r.document as doc, f.texts, f.firsts
  from %I as r join content_gap_sections f on f.section = r.section$q$, relation)
else (
  select format($q$
  select f.section, r.id, 'published'::text as status, d.doc, f.texts, f.firsts
  from %I as r cross join lateral (select jsonb_build_object(%s) as doc offset 0) as d
  join content_gap_sections f on f.source = %L and %s$q$,
    content_gap_items.relation,
    (select string_agg(format('%L, r.%I', a.attname, a.attname), ', ' order by a.attnum)
      from pg_attribute a
      where a.attrelid = to_regclass(content_gap_items.source) and a.attnum > 0 and not a.attisdropped
        and a.attname = any(array(select unnest(t.texts) from content_gap_sections t where t.source = content_gap_items.source)
          || '{opening_hours,phone,admission,accessibility,images,blocks}'::text[])),
    content_gap_items.source,
    case when max(s.scope) is null then 'true' else format('r.%I = f.section', max(s.scope)) end)
  from content_gap_sections s where s.source = content_gap_items.source)
end;

-- Writes the gaps of a relation's items (content_gap_items); a row that would not change is left
-- as it is (a save of a published item's version or of a text it does not lack writes nothing).
create function content_gaps_put(relation text, source text) returns text
language sql stable parallel safe
return format($q$
  insert into content_gaps as c (section, published, id, status, working, lacks_hours, lacks_phone,
    lacks_price, lacks_accessibility, lacks_photo, lacks_translation_en, lacks_translation_zh, lacks_en,
    lacks_zh, pictures)
  select i.section, %L, i.id, i.status,
    %L and exists (select 1 from content_working_copies w where w.section = i.section and w.id = i.id),
    g.lacks_hours, g.lacks_phone, g.lacks_price, g.lacks_accessibility, g.lacks_photo,
    g.lacks_translation_en, g.lacks_translation_zh, g.lacks_en, g.lacks_zh, g.pictures
  from (%s) as i cross join lateral content_gaps_of(i.doc, i.texts, i.firsts) as g
  on conflict (section, published, id) do update set status = excluded.status,
    working = excluded.working, lacks_hours = excluded.lacks_hours, lacks_phone = excluded.lacks_phone,
    lacks_price = excluded.lacks_price, lacks_accessibility = excluded.lacks_accessibility,
    lacks_photo = excluded.lacks_photo, lacks_translation_en = excluded.lacks_translation_en,
    lacks_translation_zh = excluded.lacks_translation_zh, lacks_en = excluded.lacks_en,
    lacks_zh = excluded.lacks_zh, pictures = excluded.pictures
  where (c.status, c.working, c.lacks_hours, c.lacks_phone, c.lacks_price, c.lacks_accessibility,
      c.lacks_photo, c.lacks_translation_en, c.lacks_translation_zh, c.lacks_en, c.lacks_zh, c.pictures)
    is distinct from (excluded.status, excluded.working, excluded.lacks_hours, excluded.lacks_phone,
      excluded.lacks_price, excluded.lacks_accessibility, excluded.lacks_photo,
      excluded.lacks_translation_en, excluded.lacks_translation_zh, excluded.lacks_en,
      excluded.lacks_zh, excluded.pictures)$q$,
  source <> 'content_drafts', source <> 'content_drafts', content_gap_items(relation, source));

-- A public table's or content_drafts' rows changed: the gaps of the rows that left go, those of
-- the rows there now are written. An update keeps its rows' keys (section and id) in practice;
-- one that changes them still leaves no row behind.
create function content_gaps_track() returns trigger language plpgsql as $$
declare
  published boolean := tg_table_name <> 'content_drafts';
begin
  if tg_op = 'DELETE' then
    execute format('delete from content_gaps g using (%s) as i
      where g.section = i.section and g.id = i.id and g.published = %L',
      content_gap_items('old_rows', tg_table_name), published);
  elsif tg_op = 'UPDATE' then
    execute format('delete from content_gaps g using (
        select o.section, o.id from (%s) as o except select n.section, n.id from (%s) as n) as i
      where g.section = i.section and g.id = i.id and g.published = %L',
      content_gap_items('old_rows', tg_table_name), content_gap_items('new_rows', tg_table_name), published);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    execute content_gaps_put('new_rows', tg_table_name);
  end if;
  return null;
end
$$;

-- A working copy made or dropped: its published item's flag follows.
create function content_gaps_working() returns trigger language plpgsql as $$
declare
  changed text := case tg_op when 'INSERT' then 'select section, id from new_rows'
    when 'DELETE' then 'select section, id from old_rows'
    else 'select section, id from old_rows union select section, id from new_rows' end;
begin
  execute format('update content_gaps g set working = exists (
      select 1 from content_working_copies w where w.section = g.section and w.id = g.id)
    where g.published and (g.section, g.id) in (%s)', changed);
  return null;
end
$$;

-- A medium stored, changed or deleted: the items showing its id are looked at again (a picture
-- may name a medium stored after it, as the demo content's logos are).
create function content_gaps_media() returns trigger language plpgsql as $$
declare
  changed text := case tg_op when 'INSERT' then 'select id from new_rows'
    when 'DELETE' then 'select id from old_rows'
    else 'select id from old_rows union select id from new_rows' end;
begin
  execute format('update content_gaps g set lacks_photo = not exists (
      select 1 from media m where m.id = any(g.pictures) and m.content_type <> %L)
    where g.pictures && array(%s)', 'image/svg+xml', changed);
  return null;
end
$$;

-- A truncated table: what it held goes (a truncate fires no row's triggers).
create function content_gaps_clear() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'media' then
    update content_gaps set lacks_photo = true where not lacks_photo;
  elsif tg_table_name = 'content_working_copies' then
    update content_gaps set working = false where working;
  elsif tg_table_name = 'content_drafts' then
    delete from content_gaps where not published;
  else
    delete from content_gaps
    where published and section in (select section from content_gap_sections where source = tg_table_name);
  end if;
  return null;
end
$$;

-- The first fill, without holding up the previous release's saves (decision 55): the fill reads
-- every row's texts (22 s for the 112,000 items at factor 10), so it runs before the triggers
-- exist, taking no lock that stops a save. Creating the triggers then waits for the saves under
-- way and holds new ones until the migration commits; in that time only what the fill did not
-- see is written again: the rows of transactions its snapshot did not see (by their xmin, no
-- text read for the others), the items deleted meanwhile, the drafts, the working copies' flags
-- and the photos (small tables, or no texts read).

-- The 64-bit id of the transaction that wrote a row version (xmin is its low 32 bits, of this
-- epoch or the one before; a frozen one reads as long past).
create function content_gaps_xid8(low xid) returns xid8
language sql stable parallel safe
return (select (case when v > c then v - 4294967296 else v end)::text::xid8
  from (select (pg_current_xact_id()::text::bigint >> 32 << 32) + low::text::bigint as v,
    pg_current_xact_id()::text::bigint as c) as x);

create temp table content_gaps_fill on commit drop as select pg_current_snapshot() as seen;
do $$
declare
  t text;
begin
  foreach t in array array(select distinct source from content_gap_sections) loop
    execute content_gaps_put(t, t);
  end loop;
end
$$;

-- A list of the items lacking something reads their ids from these: a rare gap (a translation
-- missing in a few of 52,000 attractions) is found at once, not by reading the whole table; a
-- common one is read along the list's own order. `photo=with` asks for the items not lacking one.
create index content_gaps_lacks_hours on content_gaps (section, published, id) where lacks_hours;
create index content_gaps_lacks_phone on content_gaps (section, published, id) where lacks_phone;
create index content_gaps_lacks_price on content_gaps (section, published, id) where lacks_price;
create index content_gaps_lacks_accessibility on content_gaps (section, published, id) where lacks_accessibility;
create index content_gaps_lacks_photo on content_gaps (section, published, id) where lacks_photo;
create index content_gaps_shows_photo on content_gaps (section, published, id) where not lacks_photo;
create index content_gaps_lacks_translation_en on content_gaps (section, published, id) where lacks_translation_en;
create index content_gaps_lacks_translation_zh on content_gaps (section, published, id) where lacks_translation_zh;
create index content_gaps_lacks_en on content_gaps (section, published, id) where lacks_en;
create index content_gaps_lacks_zh on content_gaps (section, published, id) where lacks_zh;

do $$
declare
  t text;
  track text;
  seen pg_snapshot := (select seen from content_gaps_fill);
begin
  foreach t in array array(select distinct source from content_gap_sections) || '{content_drafts,content_working_copies,media}'::text[] loop
    track := case t when 'content_working_copies' then 'content_gaps_working'
      when 'media' then 'content_gaps_media' else 'content_gaps_track' end;
    execute format('create trigger %I after insert on %I referencing new table as new_rows
      for each statement execute function %I()', t || '_gaps_insert', t, track);
    execute format('create trigger %I after update on %I referencing old table as old_rows new table as new_rows
      for each statement execute function %I()', t || '_gaps_update', t, track);
    execute format('create trigger %I after delete on %I referencing old table as old_rows
      for each statement execute function %I()', t || '_gaps_delete', t, track);
    execute format('create trigger %I after truncate on %I
      for each statement execute function content_gaps_clear()', t || '_gaps_truncate', t);
  end loop;

  -- what the fill did not see
  foreach t in array array(select distinct source from content_gap_sections) loop
    execute format('create temp view content_gaps_unseen as select * from %I as r
      where not pg_visible_in_snapshot(content_gaps_xid8(r.xmin), %L::pg_snapshot)', t, seen);
    execute content_gaps_put('content_gaps_unseen', t);
    drop view content_gaps_unseen;
    execute format('delete from content_gaps g using content_gap_sections f
      where g.published and f.section = g.section and f.source = %L
        and not exists (select 1 from %I as r where r.id = g.id and %s)',
      t, t, (select case when max(scope) is null then 'true' else format('r.%I = g.section', max(scope)) end
        from content_gap_sections where source = t));
  end loop;
  delete from content_gaps where not published;
  execute content_gaps_put('content_drafts', 'content_drafts');
  update content_gaps g set working = not g.working
  where g.published
    and g.working <> exists (select 1 from content_working_copies w where w.section = g.section and w.id = g.id);
  -- the items showing a photo (a few), and those naming a medium stored or changed meanwhile
  update content_gaps g set lacks_photo = not g.lacks_photo
  where (not g.lacks_photo or g.pictures && array(select m.id from media m
      where not pg_visible_in_snapshot(content_gaps_xid8(m.xmin), seen)))
    and g.lacks_photo = exists (
      select 1 from media m where m.id = any(g.pictures) and m.content_type <> 'image/svg+xml');
end
$$;
