import type { ColumnType, Generated } from 'kysely';

/** A translated text as stored: one entry per language (ru always present). */
export type Translated = { ru: string; en?: string; zh?: string };
type Json<T> = ColumnType<T, string | T, string | T>;
type Tr = Json<Translated>;
type GeneratedText = ColumnType<string, never, never>;

export type PlaceSection =
  | 'attractions'
  | 'residence'
  | 'caterings'
  | 'tourist-information-centers'
  | 'entertainment';

export interface DistrictsTable {
  id: number;
  key: string;
  name: Tr;
  lat: number;
  lon: number;
}

export interface CitiesTable {
  id: number;
  key: string;
  district_id: number;
  name: Tr;
  lat: number;
  lon: number;
}

export interface DirectoryItemsTable {
  kind: string;
  id: number;
  key: string;
  name: Tr;
}

interface Searchable {
  /** The search columns of every language (009-search-all-languages.sql). */
  search_all: GeneratedText;
  fts_all: GeneratedText;
  names_all: GeneratedText;
}

export interface TourismTypesTable extends Searchable {
  id: number;
  key: string;
  icon: string;
  name: Tr;
  annotation: Tr;
  description: Tr;
  images: string[];
  updated_at: Generated<Date>;
}

export interface DirectionsTable extends Searchable {
  id: number;
  district_id: number;
  name: Tr;
  annotation: Tr;
  description: Tr;
  admin_center_id: number | null;
  area_km2: number | null;
  population: number | null;
  images: string[];
  updated_at: Generated<Date>;
}

export interface PlacesTable extends Searchable {
  section: PlaceSection;
  id: number;
  key: string;
  name: Tr;
  annotation: Tr;
  description: Tr;
  district_id: number;
  city_id: number | null;
  lat: number;
  lon: number;
  address: Json<Translated | null>;
  images: string[];
  type_id: number | null;
  tourism_type_ids: number[];
  kitchen_type_ids: number[];
  distance_from_spb: number | null;
  popular: boolean;
  rating: number | null;
  stars: number | null;
  rooms: number | null;
  avg_bill: number | null;
  hours: Json<Translated | null>;
  price: Json<Translated | null>;
  phone: string | null;
  site: string | null;
  updated_at: Generated<Date>;
}

export interface RoutesTable extends Searchable {
  id: number;
  key: string;
  name: Tr;
  annotation: Tr;
  description: Tr;
  district_id: number;
  city_id: number | null;
  type_id: number;
  way_ids: number[];
  tourism_type_ids: number[];
  length_km: number;
  duration: Json<Translated | null>;
  season: Json<Translated | null>;
  path: Json<[number, number][]>;
  lat: number;
  lon: number;
  object_ids: number[];
  images: string[];
  updated_at: Generated<Date>;
}

export interface EventsTable extends Searchable {
  id: number;
  key: string;
  name: Tr;
  annotation: Tr;
  description: Tr;
  start_date: string;
  end_date: string;
  venue: Json<Translated | null>;
  address: Json<Translated | null>;
  district_id: number;
  city_id: number | null;
  lat: number;
  lon: number;
  tourism_type_ids: number[];
  price: Json<Translated | null>;
  site: string | null;
  images: string[];
  updated_at: Generated<Date>;
}

export interface NewsTable extends Searchable {
  id: number;
  key: string;
  date: string;
  name: Tr;
  annotation: Tr;
  description: Tr;
  district_id: number | null;
  images: string[];
  updated_at: Generated<Date>;
}

export interface PartnersTable {
  id: number;
  key: string;
  name: Tr;
  link: string;
  logo: string;
}

export interface MainPageTable {
  id: number;
  title: Tr;
  description: Tr;
  button_label: Tr;
  button_link: string;
  address: Tr;
  email: string;
  site: string;
  phone: string;
  group_vk: string;
  images: string[];
}

export interface PagesTable {
  id: number;
  slug: string;
  title: Tr;
  annotation: Tr;
  blocks: Json<PageBlock[]>;
  images: string[];
  updated_at: Generated<Date>;
}

export type PageBlock =
  | { h: Translated }
  | { p: Translated }
  | { img: string; caption?: Translated }
  | { list: Translated[] };

export interface FeedbackTable {
  id: Generated<number>;
  name: string;
  phone: string;
  email: string;
  message: string;
  lang: string;
  page: string | null;
  created_at: Generated<Date>;
}

export interface SubscribersTable {
  id: Generated<number>;
  email: string;
  lang: string;
  token: string;
  created_at: Generated<Date>;
  unsubscribed_at: Date | null;
}

/** A mail as queued: what nodemailer needs to build it. */
export interface QueuedMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  headers?: Record<string, string>;
}

export interface MailQueueTable {
  id: Generated<number>;
  kind: string;
  recipient: string;
  message: Json<QueuedMail>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  locked_until: Date | null;
  last_error: string | null;
  sent_at: Date | null;
  failed_at: Date | null;
  created_at: Generated<Date>;
}

export interface MediaTable {
  id: string;
  content_type: string;
  data: Uint8Array;
  created_at: Generated<Date>;
}

export interface DB {
  districts: DistrictsTable;
  cities: CitiesTable;
  directory_items: DirectoryItemsTable;
  tourism_types: TourismTypesTable;
  directions: DirectionsTable;
  places: PlacesTable;
  routes: RoutesTable;
  events: EventsTable;
  news: NewsTable;
  partners: PartnersTable;
  main_page: MainPageTable;
  pages: PagesTable;
  feedback: FeedbackTable;
  subscribers: SubscribersTable;
  mail_queue: MailQueueTable;
  media: MediaTable;
}
