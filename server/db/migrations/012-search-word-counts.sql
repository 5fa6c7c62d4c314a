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

create trigger places_word_counts_insert after insert on places
  referencing new table as new_rows for each statement execute function search_word_counts_track();
create trigger places_word_counts_update after update on places
  referencing old table as old_rows new table as new_rows for each statement execute function search_word_counts_track();
create trigger places_word_counts_delete after delete on places
  referencing old table as old_rows for each statement execute function search_word_counts_track();
create trigger places_word_counts_truncate after truncate on places
  for each statement execute function search_word_counts_clear();

create trigger routes_word_counts_insert after insert on routes
  referencing new table as new_rows for each statement execute function search_word_counts_track();
create trigger routes_word_counts_update after update on routes
  referencing old table as old_rows new table as new_rows for each statement execute function search_word_counts_track();
create trigger routes_word_counts_delete after delete on routes
  referencing old table as old_rows for each statement execute function search_word_counts_track();
create trigger routes_word_counts_truncate after truncate on routes
  for each statement execute function search_word_counts_clear();

create trigger news_word_counts_insert after insert on news
  referencing new table as new_rows for each statement execute function search_word_counts_track();
create trigger news_word_counts_update after update on news
  referencing old table as old_rows new table as new_rows for each statement execute function search_word_counts_track();
create trigger news_word_counts_delete after delete on news
  referencing old table as old_rows for each statement execute function search_word_counts_track();
create trigger news_word_counts_truncate after truncate on news
  for each statement execute function search_word_counts_clear();

insert into search_word_counts (source, section, word, items)
select 'places', section, word, count(*) from places, unnest(tsvector_to_array(fts_all)) as word group by 2, 3;
insert into search_word_counts (source, section, word, items)
select 'routes', '', word, count(*) from routes, unnest(tsvector_to_array(fts_all)) as word group by 2, 3;
insert into search_word_counts (source, section, word, items)
select 'news', '', word, count(*) from news, unnest(tsvector_to_array(fts_all)) as word group by 2, 3;
