-- Which practical filters some place can pass (GET /api/practical-filters/, decision 037) is read
-- from the places that are free or known to have a step-free entrance: few, while their rows are
-- wide (texts in three languages). Grouping every place read the whole table (1.4-2.1 s at
-- factor 10 on PostgreSQL); this index holds only those places, and the statement reads them
-- alone (0.7 ms). Its condition is the statement's (server/lib/practical.ts, rowConditions).
create index places_practical_facts on places (section, district_id)
  where admission @> '{"free": true}'::jsonb or accessibility @> '{"step_free_entrance": true}'::jsonb;
