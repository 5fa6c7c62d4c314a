-- How many items of a section hold each word form: the search page's counts stop at 100
-- ("100+"), and a common word's count read the first 101 matches of every section, the largest part
-- of the page's database time. With these numbers a one-word search knows at once that a section
-- has more than 100 items with the word (its forms' matches are a part of all its matches), and
-- reads only what it shows.
--   source   the table: places, routes or news (events are counted by date, tourism types and
--            directions are a few dozen rows)
--   section  a place's section; '' for the other tables
--   word     a lexeme of fts_all, as to_tsvector('russian', ...) writes it
--   items    the number of items whose fts_all holds it
-- Triggers keep it exact on every insert, update, delete and truncate.
create table search_word_counts (
  source text not null,
  section text not null,
  word text not null,
  items integer not null,
  primary key (source, section, word)
);

create function search_word_counts_track() returns trigger language plpgsql as $$
declare
  section_of text := case when tg_table_name = 'places' then 'section' else '''''' end;
  change text := $q$
    insert into search_word_counts as c (source, section, word, items)
    select %L, %s, word, %s count(*) from %I, unnest(tsvector_to_array(fts_all)) as word group by 2, 3
    on conflict (source, section, word) do update set items = c.items + excluded.items$q$;
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

create function search_word_counts_clear() returns trigger language plpgsql as $$
begin
  delete from search_word_counts where source = tg_table_name;
  return null;
end
$$;

do $$
declare
  t text;
begin
  foreach t in array array['places', 'routes', 'news'] loop
    execute format('create trigger %I after insert on %I referencing new table as new_rows
      for each statement execute function search_word_counts_track()', t || '_word_counts_insert', t);
    execute format('create trigger %I after update on %I referencing old table as old_rows new table as new_rows
      for each statement execute function search_word_counts_track()', t || '_word_counts_update', t);
    execute format('create trigger %I after delete on %I referencing old table as old_rows
      for each statement execute function search_word_counts_track()', t || '_word_counts_delete', t);
    execute format('create trigger %I after truncate on %I
      for each statement execute function search_word_counts_clear()', t || '_word_counts_truncate', t);
  end loop;
end
$$;

insert into search_word_counts (source, section, word, items)
select 'places', section, word, count(*) from places, unnest(tsvector_to_array(fts_all)) as word group by 2, 3;
insert into search_word_counts (source, section, word, items)
select 'routes', '', word, count(*) from routes, unnest(tsvector_to_array(fts_all)) as word group by 2, 3;
insert into search_word_counts (source, section, word, items)
select 'news', '', word, count(*) from news, unnest(tsvector_to_array(fts_all)) as word group by 2, 3;
