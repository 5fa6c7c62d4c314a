-- Practical facts of a place: its weekly schedule (common/api.ts OpeningHours), its price
-- (Admission: free, or from min to max roubles) and its accessibility facts (each true, false or
-- absent: unknown). Null hours and null admission are unknown, never "closed" or "paid".
alter table places add column opening_hours jsonb;
alter table places add column admission jsonb;
alter table places add column accessibility jsonb not null default '{}';

-- The schedule as rows, for the "open now" filter: the database answers it at the request's
-- moment with one indexed EXISTS (server/lib/practical.ts), on PGlite as on PostgreSQL.
-- Each season has a marker row (weekday 0, never open) so that a season without opening times
-- still wins over the seasons after it; each interval has a row per weekday; a night past
-- midnight ends at 1440 on its day and has a `spill` row on the next weekday from 0, which
-- follows the season and closures of the day before. Kept by the trigger below from
-- `places.opening_hours`, whoever writes it (the seed, the back office, the scale generator).
create table place_hours (
  section text not null,
  place_id integer not null,
  -- the season's position in the schedule: a day follows the first season whose dates include it
  season smallint not null,
  -- the season's first and last day of the year as month * 100 + day (501: 1 May); null: all year
  season_from smallint,
  season_to smallint,
  -- ISO weekday, 1 Monday … 7 Sunday; 0 for the season's marker row
  weekday smallint not null,
  -- minutes from midnight, opens included, closes excluded
  opens smallint not null,
  closes smallint not null,
  spill boolean not null default false,
  foreign key (section, place_id) references places (section, id) on delete cascade on update cascade
);
create index place_hours_place on place_hours (section, place_id, weekday);

create function place_hours_sync() returns trigger language plpgsql as $$
begin
  delete from place_hours where section = new.section and place_id = new.id;
  if new.opening_hours is null then
    return null;
  end if;
  insert into place_hours (section, place_id, season, season_from, season_to, weekday, opens, closes, spill)
  with seasons as (
    select (s.ord - 1)::smallint as season,
      s.value as body,
      replace(s.value ->> 'from', '-', '')::smallint as season_from,
      replace(s.value ->> 'to', '-', '')::smallint as season_to
    from jsonb_array_elements(new.opening_hours -> 'seasons') with ordinality as s(value, ord)
  ), intervals as (
    select seasons.season, seasons.season_from, seasons.season_to, d.value::smallint as weekday,
      split_part(i.value ->> 'opens', ':', 1)::int * 60 + split_part(i.value ->> 'opens', ':', 2)::int as opens,
      split_part(i.value ->> 'closes', ':', 1)::int * 60 + split_part(i.value ->> 'closes', ':', 2)::int as closes
    from seasons
      cross join lateral jsonb_array_elements(seasons.body -> 'hours') as i(value)
      cross join lateral jsonb_array_elements_text(i.value -> 'days') as d(value)
  )
  select new.section, new.id, season, season_from, season_to, 0::smallint, 0::smallint, 0::smallint, false
  from seasons
  union all
  select new.section, new.id, season, season_from, season_to, weekday, opens::smallint,
    (case when closes <= opens then 1440 else closes end)::smallint, false
  from intervals
  union all
  select new.section, new.id, season, season_from, season_to, (weekday % 7 + 1)::smallint, 0::smallint,
    closes::smallint, true
  from intervals
  where closes <= opens and closes > 0;
  return null;
end
$$;

create trigger places_opening_hours after insert or update of opening_hours on places
  for each row execute function place_hours_sync();
