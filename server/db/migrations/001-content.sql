-- Content of the portal. Translatable fields are jsonb {"ru": ..., "en": ..., "zh": ...};
-- the API picks the requested language and falls back to ru.
create extension if not exists pg_trgm;

create table districts (
  id integer primary key,
  key text not null unique,
  name jsonb not null,
  lat double precision not null,
  lon double precision not null
);

create table cities (
  id integer primary key,
  key text not null unique,
  district_id integer not null references districts (id),
  name jsonb not null,
  lat double precision not null,
  lon double precision not null
);

-- The simple directories (route-type, vehicle, object-type, ...): only an id, a key and a name in
-- each language, so one table holds them all, keyed by kind.
create table directory_items (
  kind text not null,
  id integer not null,
  key text not null,
  name jsonb not null,
  primary key (kind, id),
  unique (kind, key)
);

create table tourism_types (
  id integer primary key,
  key text not null unique,
  icon text not null,
  name jsonb not null,
  annotation jsonb not null,
  description jsonb not null,
  images text[] not null default '{}'
);

create table directions (
  id integer primary key,
  district_id integer not null unique references districts (id),
  name jsonb not null,
  annotation jsonb not null,
  description jsonb not null,
  admin_center_id integer references cities (id),
  area_km2 integer,
  population integer,
  images text[] not null default '{}'
);

-- Attractions, residence, caterings, tourist information centres and entertainment share one table:
-- the same columns, one map, one search, one "nearby" query. Ids are numbered per section.
create table places (
  section text not null check (section in ('attractions', 'residence', 'caterings', 'tourist-information-centers', 'entertainment')),
  id integer not null,
  key text not null,
  name jsonb not null,
  annotation jsonb not null,
  description jsonb not null,
  district_id integer not null references districts (id),
  city_id integer references cities (id),
  lat double precision not null,
  lon double precision not null,
  address jsonb,
  images text[] not null default '{}',
  type_id integer,
  tourism_type_ids integer[] not null default '{}',
  kitchen_type_ids integer[] not null default '{}',
  distance_from_spb integer,
  popular boolean not null default false,
  rating numeric(2, 1),
  stars smallint,
  rooms integer,
  avg_bill integer,
  hours jsonb,
  price jsonb,
  phone text,
  site text,
  primary key (section, id),
  unique (section, key)
);
create index places_district on places (section, district_id);
create index places_type on places (section, type_id);
create index places_tourism_types on places using gin (tourism_type_ids);
create index places_popular on places (section, id) where popular;

create table routes (
  id integer primary key,
  key text not null unique,
  name jsonb not null,
  annotation jsonb not null,
  description jsonb not null,
  district_id integer not null references districts (id),
  city_id integer references cities (id),
  type_id integer not null,
  way_ids integer[] not null default '{}',
  tourism_type_ids integer[] not null default '{}',
  length_km numeric(6, 1) not null,
  duration jsonb,
  season jsonb,
  -- [[lat, lon], ...] along the route
  path jsonb not null,
  lat double precision not null,
  lon double precision not null,
  -- attraction ids along the line, in the order of travel
  object_ids integer[] not null default '{}',
  images text[] not null default '{}'
);
create index routes_district on routes (district_id);
create index routes_ways on routes using gin (way_ids);

create table events (
  id integer primary key,
  key text not null unique,
  name jsonb not null,
  annotation jsonb not null,
  description jsonb not null,
  start_date date not null,
  end_date date not null,
  venue jsonb,
  address jsonb,
  district_id integer not null references districts (id),
  city_id integer references cities (id),
  lat double precision not null,
  lon double precision not null,
  tourism_type_ids integer[] not null default '{}',
  price jsonb,
  site text,
  images text[] not null default '{}',
  check (end_date >= start_date)
);
create index events_dates on events (end_date, start_date);

create table news (
  id integer primary key,
  key text not null unique,
  date date not null,
  name jsonb not null,
  annotation jsonb not null,
  description jsonb not null,
  district_id integer references districts (id),
  images text[] not null default '{}'
);
create index news_date on news (date desc, id desc);

create table partners (
  id integer primary key,
  key text not null unique,
  name jsonb not null,
  link text not null,
  logo text not null
);

create table main_page (
  id integer primary key,
  title jsonb not null,
  description jsonb not null,
  button_label jsonb not null,
  button_link text not null,
  address jsonb not null,
  email text not null,
  site text not null,
  phone text not null,
  group_vk text not null,
  images text[] not null default '{}'
);

create table pages (
  id integer primary key,
  slug text not null unique,
  title jsonb not null,
  annotation jsonb not null,
  blocks jsonb not null,
  images text[] not null default '{}'
);

-- Original pictures (real photos, logos); the server resizes and caches them. Items whose picture
-- has no original here get a generated illustration of their category.
create table media (
  id text primary key,
  content_type text not null,
  data bytea not null,
  created_at timestamptz not null default now()
);
