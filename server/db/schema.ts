import type { ColumnType, Generated } from 'kysely';
import type { AccessibilityT, AdmissionT, OpeningHoursT } from '../../common/api.js';
import type { FactSourcesT } from '../../common/fact-sources.js';
import type { RichValue } from '../../common/rich-text.js';
import type { PlaceSection } from '../../common/sections.js';

/** A translated text as stored: one entry per language (ru always present). */
export type Translated = { ru: string; en?: string; zh?: string };
type Json<T> = ColumnType<T, string | T, string | T>;
type Tr = Json<Translated>;
type GeneratedText = ColumnType<string, never, never>;

/** The `section` of a row of `places` (common/sections.ts describes each). */
export type { PlaceSection } from '../../common/sections.js';

export interface DistrictsTable {
  id: number;
  key: string;
  name: Tr;
  lat: number;
  lon: number;
  version: Generated<number>;
  updated_at: Generated<Date>;
}

export interface CitiesTable {
  id: number;
  key: string;
  district_id: number;
  name: Tr;
  lat: number;
  lon: number;
  version: Generated<number>;
  updated_at: Generated<Date>;
}

export interface DirectoryItemsTable {
  kind: string;
  id: number;
  key: string;
  name: Tr;
  version: Generated<number>;
  updated_at: Generated<Date>;
}

interface Searchable {
  /** The search columns of every language (009-search-all-languages.sql). */
  search_all: GeneratedText;
  fts_all: GeneratedText;
  names_all: GeneratedText;
}

/** A column of a searchable table other than its search columns. */
type ContentColumn<T> = Exclude<keyof T & string, keyof Searchable>;

/**
 * Every column of a searchable table but its search columns, checked against the table (a column
 * left out is a type error): what a read of a whole row selects. `selectAll` also sent the generated
 * search columns, as large as all of the row's texts in every language together.
 */
export const contentColumns =
  <T extends Searchable>() =>
  <const C extends readonly ContentColumn<T>[]>(
    columns: C &
      (Exclude<ContentColumn<T>, C[number]> extends never
        ? unknown
        : { missing: Exclude<ContentColumn<T>, C[number]> }),
  ): C =>
    columns;

/** A column that a write may leave out (null then). */
type Optional<T> = ColumnType<T | null, string | T | null | undefined, string | T | null>;

/**
 * The search and sharing fields of an item with a page of its own (031-search-and-sharing.sql,
 * decision 053): null is "not set", the page's own title, summary and first picture then.
 */
export interface SearchAndSharing {
  search_title: Optional<Translated>;
  search_description: Optional<Translated>;
  share_image: Optional<string>;
}

export interface TourismTypesTable extends Searchable, SearchAndSharing {
  id: number;
  key: string;
  icon: string;
  name: Tr;
  annotation: Tr;
  description: Tr;
  images: string[];
  updated_at: Generated<Date>;
}

export interface DirectionsTable extends Searchable, SearchAndSharing {
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

export interface PlacesTable extends Searchable, SearchAndSharing {
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
  /** The weekly schedule (common/api.ts OpeningHours); null: unknown. */
  opening_hours: Json<OpeningHoursT | null>;
  /** Free, or from min (to max) roubles; null: unknown. */
  admission: Json<AdmissionT | null>;
  /** The accessibility facts known (absent: unknown). */
  accessibility: ColumnType<AccessibilityT, string | AccessibilityT | undefined, string | AccessibilityT>;
  phone: string | null;
  site: string | null;
  /** Where each fact came from and when it was checked (common/fact-sources.ts); {}: none recorded. */
  fact_sources: ColumnType<FactSourcesT, string | FactSourcesT | undefined, string | FactSourcesT>;
  updated_at: Generated<Date>;
}

/** The schedules as rows, kept by a trigger from `places.opening_hours` (021-practical-facts.sql). */
export interface PlaceHoursTable {
  section: PlaceSection;
  place_id: number;
  season: number;
  season_from: number | null;
  season_to: number | null;
  weekday: number;
  opens: number;
  closes: number;
  spill: boolean;
}

export interface RoutesTable extends Searchable, SearchAndSharing {
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

export interface EventsTable extends Searchable, SearchAndSharing {
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
  /** Who organises it, when known; null: unknown. */
  organizer: Json<Translated | null>;
  organizer_site: string | null;
  images: string[];
  updated_at: Generated<Date>;
}

export interface NewsTable extends Searchable, SearchAndSharing {
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
  version: Generated<number>;
  updated_at: Generated<Date>;
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
  version: Generated<number>;
  updated_at: Generated<Date>;
}

export interface PagesTable extends SearchAndSharing {
  id: number;
  slug: string;
  title: Tr;
  annotation: Tr;
  /**
   * The page's body, a rich text (decision 052): a document per language once saved; the blocks it
   * was stored as before, read as their documents (common/rich-text.ts, pageBlocksToRich).
   */
  blocks: Json<PageBlock[] | Partial<Record<'ru' | 'en' | 'zh', RichValue>>>;
  images: string[];
  updated_at: Generated<Date>;
}

/** A block of an information page's body as stored before it was a rich text. */
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
  status: Generated<FeedbackStatus>;
  updated_at: Date | null;
}

export type FeedbackStatus = 'new' | 'in_progress' | 'answered' | 'spam';

export interface FeedbackNotesTable {
  id: Generated<number>;
  feedback_id: number;
  staff_id: number | null;
  kind: 'note' | 'reply';
  text: string;
  created_at: Generated<Date>;
}

export interface SubscribersTable {
  id: Generated<number>;
  email: string;
  lang: string;
  token: string;
  created_at: Generated<Date>;
  unsubscribed_at: Date | null;
  /** null until the owner confirmed the address by the link of the first mail. */
  confirmed_at: Date | null;
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

export type StaffRole = 'admin' | 'editor';

export interface StaffTable {
  id: Generated<number>;
  email: string;
  name: Generated<string>;
  role: StaffRole;
  password_hash: string | null;
  /** Sealed with SECRET_KEY (server/lib/secret-box.ts); null without a second factor. */
  totp_secret: string | null;
  totp_enabled: Generated<boolean>;
  /** The time step of the last second-factor code accepted: a code counts once. */
  totp_last_step: number | null;
  disabled_at: Date | null;
  password_changed_at: Date | null;
  created_at: Generated<Date>;
}

export interface StaffSessionsTable {
  /** SHA-256 (hex) of the cookie's value. */
  id: string;
  staff_id: number;
  created_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  ip: string | null;
  user_agent: string | null;
}

export interface FailureBackoffTable {
  key: string;
  failures: number;
  wait_until: Date;
  forget_at: Date;
}

export interface StaffDevicesTable {
  /** SHA-256 (hex) of the device cookie's value. */
  id: string;
  staff_id: number;
  failures: Generated<number>;
  created_at: Generated<Date>;
  last_used_at: Generated<Date>;
}

export interface StaffRecoveryCodesTable {
  staff_id: number;
  /** SHA-256 (hex) of the account's id and the code. */
  code_hash: string;
  used_at: Date | null;
  created_at: Generated<Date>;
}

export type StaffLinkPurpose = 'setup' | 'invite' | 'reset';

export interface StaffLinksTable {
  /** SHA-256 (hex) of the link's token. */
  token_hash: string;
  purpose: StaffLinkPurpose;
  staff_id: number | null;
  expires_at: Date;
  used_at: Date | null;
  created_at: Generated<Date>;
}

export interface SettingsTable {
  key: string;
  value: Json<unknown>;
  updated_at: Generated<Date>;
}

export interface ContentDraftsTable {
  section: string;
  id: number;
  status: 'draft' | 'scheduled' | 'archived';
  publish_at: Date | null;
  document: Json<unknown>;
  version: Generated<number>;
  updated_at: Generated<Date>;
  updated_by: number | null;
}

/** A published item's edits saved without changing the site (migration 029). */
export interface ContentWorkingCopiesTable {
  section: string;
  id: number;
  document: Json<unknown>;
  version: number;
  updated_at: Generated<Date>;
  updated_by: number | null;
}

export interface ContentHistoryTable {
  id: Generated<number>;
  section: string;
  item_id: number;
  version: number;
  status: string;
  changed_at: Generated<Date>;
  staff_id: number | null;
  changes: Json<unknown>;
  document: Json<unknown>;
  /** The spreadsheet import this save applied or undid (migration 028). */
  import_id: ColumnType<string | null, string | null | undefined, string | null>;
  import_undo: Generated<boolean>;
}

export interface ContentImportsTable {
  id: string;
  section: string;
  file_name: string;
  format: 'csv' | 'xlsx';
  status: 'planned' | 'applied' | 'undone' | 'cancelled';
  staff_id: number | null;
  created_at: Generated<Date>;
  applied_at: Date | null;
  applied_by: number | null;
  undone_at: Date | null;
  undone_by: number | null;
  counts: Json<unknown>;
  plan: Json<unknown> | null;
}

export interface NewsletterIssuesTable {
  id: Generated<number>;
  subject: Tr;
  intro: Tr;
  news_ids: Generated<number[]>;
  event_ids: Generated<number[]>;
  status: Generated<'draft' | 'sending' | 'sent'>;
  rate_per_minute: number | null;
  created_by: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  send_started_at: Date | null;
}

export interface NewsletterDeliveriesTable {
  issue_id: number;
  subscriber_id: number;
  mail_id: number | null;
}

export interface MediaLibraryTable {
  id: string;
  alt: Json<Partial<Translated>>;
  focal_x: Generated<number>;
  focal_y: Generated<number>;
  width: number;
  height: number;
  bytes: number;
  original_name: Generated<string>;
  created_by: number | null;
  created_at: Generated<Date>;
}

export interface DB {
  districts: DistrictsTable;
  cities: CitiesTable;
  directory_items: DirectoryItemsTable;
  tourism_types: TourismTypesTable;
  directions: DirectionsTable;
  places: PlacesTable;
  place_hours: PlaceHoursTable;
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
  staff: StaffTable;
  staff_sessions: StaffSessionsTable;
  staff_devices: StaffDevicesTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  failure_backoff: FailureBackoffTable;
  staff_links: StaffLinksTable;
  settings: SettingsTable;
  content_drafts: ContentDraftsTable;
  content_history: ContentHistoryTable;
  content_working_copies: ContentWorkingCopiesTable;
  content_imports: ContentImportsTable;
  feedback_notes: FeedbackNotesTable;
  newsletter_issues: NewsletterIssuesTable;
  newsletter_deliveries: NewsletterDeliveriesTable;
  media_library: MediaLibraryTable;
}
