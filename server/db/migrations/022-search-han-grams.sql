-- Chinese searches by index. A run of Han characters in a query matches when each of its
-- two-character pieces occurs in search_all (server/lib/search.ts); a piece of one or two
-- characters has no trigram, so its LIKE read every row of the section (about 1 s for 博物 in the
-- attractions at factor 10, 200-300 ms with the pages cached). The index below holds, per row, each
-- Han character of search_all and each pair of adjacent ones: a piece is then one index probe
-- (75 ms for 博物 at factor 10, cold, 4,706 matches). Only the index stores them (27 MB for the
-- attractions at factor 10), not the rows.
--
-- The characters counted as Han here are the unified ideographs of the Basic Multilingual Plane
-- (U+3400-4DBF, U+4E00-9FFF, U+F900-FAFF); server/lib/search.ts uses the index only for pieces
-- made of them (hanIndexed) and LIKE alone for any other.
create function search_han_grams(doc text) returns text[]
language sql immutable parallel safe
return array(
  select distinct substr(m[1], i, n)
  from regexp_matches(doc, '([\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+)', 'g') as m,
    generate_series(1, char_length(m[1])) as i,
    (values (1), (2)) as len(n)
  where i + n - 1 <= char_length(m[1])
);

-- One per section, as the trigram indexes of 009 (a piece's posting list holds that section's rows).
create index places_attractions_han on places using gin (search_han_grams(search_all)) where section = 'attractions';
create index places_residence_han on places using gin (search_han_grams(search_all)) where section = 'residence';
create index places_caterings_han on places using gin (search_han_grams(search_all)) where section = 'caterings';
create index places_entertainment_han on places using gin (search_han_grams(search_all)) where section = 'entertainment';
create index places_information_centers_han on places using gin (search_han_grams(search_all)) where section = 'tourist-information-centers';
create index routes_han on routes using gin (search_han_grams(search_all));
create index events_han on events using gin (search_han_grams(search_all));
create index news_han on news using gin (search_han_grams(search_all));
create index directions_han on directions using gin (search_han_grams(search_all));

-- How common a piece is: the planner reads it from statistics of the expression (it ignores those
-- of a partial index). Without them it guessed 260 rows for any piece, and for a piece in half the
-- section (湖, 29,001 of 52,000 attractions) it collected and sorted every match (183 ms) where
-- walking the primary key finds a page in 5 ms.
create statistics places_han_grams on (search_han_grams(search_all)) from places;
create statistics routes_han_grams on (search_han_grams(search_all)) from routes;
create statistics events_han_grams on (search_han_grams(search_all)) from events;
create statistics news_han_grams on (search_han_grams(search_all)) from news;
create statistics directions_han_grams on (search_han_grams(search_all)) from directions;
analyze places, routes, events, news, directions;
