-- The Han characters and pairs of the names (decision 059). Past the site search's cap (decision
-- 010) a section ranks the matches with the query in a name, found through the names' trigram index;
-- a run of one or two Han characters has no trigram, so that index answered "every row" and each
-- row's recheck recomputed its Han pairs of the whole text (湖: 0.35 s for the attractions at factor
-- 10). Reading the match's own Han index instead and testing each name scanned every match (7,580
-- places to stay for 湖, of which 3 names hold it: 0.15 s). These indexes find the names holding the
-- pieces, one per section like those of 022-search-han-grams.sql; only the indexes store them.
create index places_attractions_names_han on places using gin (search_han_grams(names_all)) where section = 'attractions';
create index places_residence_names_han on places using gin (search_han_grams(names_all)) where section = 'residence';
create index places_caterings_names_han on places using gin (search_han_grams(names_all)) where section = 'caterings';
create index places_entertainment_names_han on places using gin (search_han_grams(names_all)) where section = 'entertainment';
create index places_information_centers_names_han on places using gin (search_han_grams(names_all)) where section = 'tourist-information-centers';
create index routes_names_han on routes using gin (search_han_grams(names_all));
create index events_names_han on events using gin (search_han_grams(names_all));
create index news_names_han on news using gin (search_han_grams(names_all));
create index directions_names_han on directions using gin (search_han_grams(names_all));

-- How common a piece is in the names, for the planner (it ignores the statistics of a partial
-- index): without them it guesses, as it did for the texts (022).
create statistics places_names_han_grams on (search_han_grams(names_all)) from places;
create statistics routes_names_han_grams on (search_han_grams(names_all)) from routes;
create statistics events_names_han_grams on (search_han_grams(names_all)) from events;
create statistics news_names_han_grams on (search_han_grams(names_all)) from news;
create statistics directions_names_han_grams on (search_han_grams(names_all)) from directions;
analyze places, routes, events, news, directions;
