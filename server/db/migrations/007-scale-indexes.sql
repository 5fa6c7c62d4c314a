-- Indexes for the portal at 50,000+ places (docs/performance.md shows the plans before and after).

-- A place's detail lists the routes through it: `object_ids @> {id}` scanned every route.
create index if not exists routes_objects on routes using gin (object_ids);

-- "Nearby" ranks the candidates in a lat/lon box: from this index alone, without reading every place.
create index if not exists places_lat_lon on places (lat, lon) include (section, id);

-- Filtered lists count their matches: with the filter columns inside the index the count is an
-- index-only scan instead of a visit to thousands of wide rows.
create index if not exists places_filter_cover on places (section, district_id, id)
  include (type_id, city_id, tourism_type_ids);
