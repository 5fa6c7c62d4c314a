import Type, { type Static, type TSchema } from 'typebox';
import { coverageFacts } from './coverage.js';
import { factKeys } from './fact-sources.js';
import { maxPasswordLength } from './password-rules.js';
import { placeSections } from './sections.js';

// The shapes of /api/admin/*: the back office's requests and answers, one schema per shape, as
// common/api.ts is for the public API. Errors are common/api.ts's ErrorBody.

export const staffRoles = ['admin', 'editor'] as const;
export const StaffRole = Type.Union([Type.Literal('admin'), Type.Literal('editor')]);
export type StaffRole = Static<typeof StaffRole>;

export { maxPasswordLength, minPasswordLength } from './password-rules.js';

const Email = Type.String({ minLength: 3, maxLength: 254, description: 'compared case-insensitively' });
const Password = Type.String({ maxLength: maxPasswordLength });
const TotpCode = Type.String({
  pattern: '^[0-9]{6}$',
  description: 'the six digits of the authenticator app',
});

export const SignInBody = Type.Object(
  {
    email: Email,
    password: Password,
    code: Type.Optional(TotpCode),
    recovery_code: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 40,
        description:
          'one of the recovery codes given when the second factor was turned on, in place of `code`; each works once',
      }),
    ),
  },
  { additionalProperties: false },
);
export type SignInBody = Static<typeof SignInBody>;

/** The signed-in account as the back office shows it. */
export const StaffMe = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  name: Type.String(),
  role: StaffRole,
  totp_enabled: Type.Boolean(),
  /** An admin without a second factor while the settings require one for admins: set it up first. */
  totp_required: Type.Boolean(),
});
export type StaffMe = Static<typeof StaffMe>;

/** Every error answer of /api/admin/: the public API's, plus what the back office acts on. */
export const AdminError = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
  /** The body field the message is about (a form shows it there). */
  field: Type.Optional(Type.String()),
  /** 401 of a sign-in: the password was right, the authenticator app's code is needed. */
  second_factor: Type.Optional(Type.Boolean()),
  /** 403: the settings require a second factor for admins, and this admin has none yet. */
  totp_required: Type.Optional(Type.Boolean()),
  /** 409 of a delete: how many items still refer to the directory entry. */
  uses: Type.Optional(Type.Integer()),
  /**
   * What went wrong, for the back office to say in its language (the message is English): one of
   * common/admin-errors.ts. Every refusal of /api/admin has one.
   */
  code: Type.Optional(Type.String()),
  /** The values the code's wording takes (a number of characters, an id, a field's name). */
  params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
  /** 429: seconds to wait, as in the Retry-After header. */
  retry_after: Type.Optional(Type.Integer()),
  /** 400 of a bulk action: each item it could not apply to, with why (nothing was changed). */
  items: Type.Optional(
    Type.Array(
      Type.Object({
        id: Type.Integer(),
        code: Type.String(),
        message: Type.String(),
        params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
      }),
    ),
  ),
});

/** What a one-time link (setup, invitation, reset) is for, before it is used. */
export const StaffLinkInfo = Type.Object({
  purpose: Type.Union([Type.Literal('setup'), Type.Literal('invite'), Type.Literal('reset')]),
  /** The account's address (empty for the first admin's setup, who chooses it). */
  email: Type.String(),
  expires_at: Type.String({ format: 'date-time' }),
});
export type StaffLinkInfo = Static<typeof StaffLinkInfo>;

export const StaffLinkQuery = Type.Object({ token: Type.String({ minLength: 20, maxLength: 200 }) });

/** Uses a one-time link: sets the password (and, for the setup link, the first admin's address). */
export const UseStaffLinkBody = Type.Object(
  {
    token: Type.String({ minLength: 20, maxLength: 200 }),
    password: Password,
    email: Type.Optional(Email),
    name: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type UseStaffLinkBody = Static<typeof UseStaffLinkBody>;

export const ChangePasswordBody = Type.Object(
  { current: Password, password: Password },
  { additionalProperties: false },
);

/** A second factor being set up: the secret and the otpauth:// URI for the authenticator app's QR code. */
export const TotpSetup = Type.Object({ secret: Type.String(), uri: Type.String() });
export const TotpConfirmBody = Type.Object({ code: TotpCode }, { additionalProperties: false });
/** The account's password again, for what a session alone may not do. */
export const PasswordBody = Type.Object({ password: Password }, { additionalProperties: false });

/**
 * One-time codes that sign in in place of the authenticator app's code; shown this once (the
 * server keeps only their hashes).
 */
export const RecoveryCodes = Type.Object({
  recovery_codes: Type.Array(Type.String({ pattern: '^[0-9a-z]{4}(-[0-9a-z]{4}){3}$' })),
});
export type RecoveryCodes = Static<typeof RecoveryCodes>;

/** The second factor turned on: the account, and its recovery codes. */
export const TotpEnabled = Type.Object({
  account: StaffMe,
  recovery_codes: RecoveryCodes.properties.recovery_codes,
});
export type TotpEnabled = Static<typeof TotpEnabled>;

/** How many of the account's recovery codes are still unused. */
export const RecoveryCodesLeft = Type.Object({ left: Type.Integer({ minimum: 0 }) });

/** An account in the admins' list. */
export const StaffAccount = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  name: Type.String(),
  role: StaffRole,
  totp_enabled: Type.Boolean(),
  /** The invitation was not accepted yet: no password. */
  invited: Type.Boolean(),
  disabled: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
  last_seen_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type StaffAccount = Static<typeof StaffAccount>;

export const StaffAccountList = Type.Object({ count: Type.Integer(), results: Type.Array(StaffAccount) });

export const InviteBody = Type.Object(
  { email: Email, name: Type.Optional(Type.String({ maxLength: 200 })), role: StaffRole },
  { additionalProperties: false },
);

export const UpdateAccountBody = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 200 })),
    role: Type.Optional(StaffRole),
    disabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const AccountIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2 ** 31 - 1 }) });

/** The settings the admins change. */
export const AdminSettings = Type.Object(
  {
    totp_required_for_admins: Type.Boolean(),
    facts_stale_days: Type.Integer({
      minimum: 1,
      maximum: 3650,
      description: 'a place fact not checked for more days than this is listed for checking (default 365)',
    }),
    overpass_url: Type.Union([Type.String({ pattern: '^https?://[^\\s]+$', maxLength: 500 }), Type.Null()], {
      description:
        'the Overpass API the back office asks for OpenStreetMap facts; null: the server’s OVERPASS_URL',
    }),
  },
  { additionalProperties: false },
);
export type AdminSettings = Static<typeof AdminSettings>;

export const Done = Type.Object({ ok: Type.Literal(true) });

// The content of the editable sections (common/editorial.ts describes each section's document).

export const ItemStatus = Type.Union([
  Type.Literal('published'),
  Type.Literal('draft'),
  Type.Literal('scheduled'),
  Type.Literal('archived'),
]);
export type ItemStatus = Static<typeof ItemStatus>;

const Missing = Type.Array(Type.String(), {
  description: 'languages missing from at least one translated field',
});

/**
 * A list with a search or a filter of what items lack counts its matches up to this many (its
 * `count` is then a lower bound): server/modules/admin/content/repository.ts says why.
 */
export const listCountCap = 1000;

/** The most ids one bulk action takes, and the most rows one list page gives. */
export const bulkMax = 500;

/**
 * The most items a bulk action on everything a list matches (its filter, not ids) takes: the whole
 * of the largest section at the largest content measured (52,157 attractions at factor 10). The
 * saves run one after another in one transaction, about 5 ms each (decision 051).
 */
export const bulkFilterMax = 60_000;

/** What a list is narrowed to: its search and filters, as its query gives them. */
const listFilters = {
  q: Type.Optional(Type.String({ maxLength: 200, description: 'part of a name in any language, or an id' })),
  status: Type.Optional(ItemStatus),
  district_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 ** 31 - 1 })),
  missing: Type.Optional(
    Type.Union([Type.Literal('en'), Type.Literal('zh'), ...coverageFacts.map((f) => Type.Literal(f))], {
      description:
        'items lacking something: `en`, `zh` a language in any translated field; `hours` a weekly ' +
        'schedule, `phone` a phone, `price` the admission, `accessibility` any accessibility fact, ' +
        '`photo` a real photo (as `photo=without`), `translation_en`, `translation_zh` the language in ' +
        'the name, annotation or description. A fact the kind has no field for: 400',
    }),
  ),
  photo: Type.Optional(
    Type.Union([Type.Literal('with'), Type.Literal('without')], {
      description:
        'items with, or without, a real photo among their pictures (a generated illustration is none); ' +
        'a kind without pictures: 400',
    }),
  ),
  changes: Type.Optional(
    Type.Literal('unpublished', {
      description: 'only published items whose working copy holds changes the site does not show yet',
    }),
  ),
};

/**
 * A list's search and filters alone: a bulk action on everything a list matches sends them (the
 * list's query without its order and page), and the server finds the items as the list does.
 */
export const ContentListFilter = Type.Object(listFilters, { additionalProperties: false });

export const ContentListQuery = Type.Object(
  {
    ...listFilters,
    sort: Type.Optional(Type.Union([Type.Literal('id'), Type.Literal('name'), Type.Literal('updated_at')])),
    order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    per_page: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: bulkMax,
        description:
          'rows a page (25 by default); up to a bulk action’s limit, so that a list can select all it matches',
      }),
    ),
  },
  { additionalProperties: false },
);

export const ContentListRow = Type.Object({
  id: Type.Integer(),
  name: Type.String({ description: 'the Russian name' }),
  status: ItemStatus,
  version: Type.Integer(),
  updated_at: Type.String({ format: 'date-time' }),
  publish_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  district_id: Type.Union([Type.Integer(), Type.Null()]),
  missing: Missing,
  working_copy: Type.Boolean({
    description: 'a published item with a working copy: changes saved that the site does not show yet',
  }),
});
export const ContentList = Type.Object({
  count: Type.Integer({
    description: 'the matches; with `q`, `missing` or `photo`, at most 1,000 (narrow the list to see more)',
  }),
  results: Type.Array(ContentListRow),
});

export const ContentSummary = Type.Object({
  published: Type.Integer(),
  draft: Type.Integer(),
  scheduled: Type.Integer(),
  archived: Type.Integer(),
  without_photo: Type.Integer({
    description:
      'published items showing no real photo (an original in the media table), only generated illustrations',
  }),
  missing: Type.Object(
    { en: Type.Integer(), zh: Type.Integer() },
    { description: 'items lacking the language somewhere' },
  ),
});

export const ContentIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2 ** 31 - 1 }) });

/** An item as the back office edits it: its state and its document (the section's fields). */
export function contentItem<D extends TSchema>(document: D) {
  return Type.Object({
    id: Type.Integer(),
    status: ItemStatus,
    version: Type.Integer({ description: 'send it back with a save: a save based on an older one is a 409' }),
    publish_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    updated_at: Type.String({ format: 'date-time' }),
    document,
    missing: Missing,
    working_copy: Type.Boolean({
      description:
        'a published item whose edits are saved as a working copy, not yet on the site: `document` is the ' +
        'working copy, `published` the version the site shows',
    }),
    published: Type.Optional(
      Type.Object(
        { document, updated_at: Type.String({ format: 'date-time' }) },
        { description: 'with a working copy' },
      ),
    ),
  });
}

/**
 * A new item, or a save of one (`version`: the version the form was based on). `saved`: a kind
 * that is always public, whose only state is "published".
 */
export function contentSave<D extends TSchema>(document: D, withVersion: boolean, saved = false) {
  return Type.Object(
    {
      ...(withVersion ? { version: Type.Integer({ minimum: 1 }) } : {}),
      status: saved
        ? Type.Literal('published', { description: 'always public: simply saved' })
        : Type.Union([ItemStatus, Type.Literal('working')], {
            description:
              '`working` (a published item only): keep the document as its working copy, the site unchanged; ' +
              '`published` on an item with a working copy publishes the document and drops the working copy',
          }),
      publish_at: Type.Optional(
        Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
          description: 'with status "scheduled" (events and news): when it goes public',
        }),
      ),
      document,
    },
    { additionalProperties: false },
  );
}

/** 409 of a save based on an old version: the item as stored now and the fields changed since. */
export function contentConflict<D extends TSchema>(document: D) {
  return Type.Object({
    statusCode: Type.Literal(409),
    error: Type.String(),
    message: Type.String(),
    /** `edit_conflict`: for the back office to say in its language. */
    code: Type.String(),
    current: contentItem(document),
    changed: Type.Array(Type.String()),
  });
}

export const ContentHistory = Type.Object({
  results: Type.Array(
    Type.Object({
      version: Type.Integer(),
      status: Type.String(),
      changed_at: Type.String({ format: 'date-time' }),
      staff: Type.Union([
        Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String() }),
        Type.Null(),
      ]),
      changes: Type.Record(Type.String(), Type.Object({ old: Type.Unknown(), new: Type.Unknown() })),
      /** The spreadsheet import this save applied (or undid): its file and when it was read. */
      import: Type.Union([
        Type.Object({
          id: Type.String(),
          file_name: Type.String(),
          created_at: Type.String({ format: 'date-time' }),
          undo: Type.Boolean(),
        }),
        Type.Null(),
      ]),
    }),
  ),
});

/**
 * One action on several items of a section, applied to all of them in one transaction or to none:
 * a state (`publish`, `draft`, `archive`, `schedule` with `publish_at`), or a reference field set
 * (`set`: a single reference such as `district_id`) or a value added to or taken from a list of
 * references (`add`, `remove`: `tourism_type_ids`). Each changed item gets its history entry.
 * The items are named by their ids, or by a list's filter ("select all matching"): one of the two.
 */
export const BulkBody = Type.Object(
  {
    ids: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1, maximum: 2 ** 31 - 1 }), {
        minItems: 1,
        maxItems: bulkMax,
        uniqueItems: true,
        description: 'the items, or (instead of ids) `filter`',
      }),
    ),
    filter: Type.Optional(
      Type.Object(listFilters, {
        // Refused, not dropped as elsewhere (a schema, not `false`: Ajv's removeAdditional drops
        // only those): a misspelt filter would widen the action to the whole section.
        additionalProperties: Type.Never(),
        description:
          'instead of `ids`: every item the list with this search and these filters matches (its query ' +
          'without order and page), found when the action runs, up to ' +
          bulkFilterMax.toLocaleString('en') +
          '; `{}` is the whole section',
      }),
    ),
    action: Type.Union([
      Type.Literal('publish'),
      Type.Literal('draft'),
      Type.Literal('archive'),
      Type.Literal('schedule'),
      Type.Literal('set'),
      Type.Literal('add'),
      Type.Literal('remove'),
    ]),
    publish_at: Type.Optional(Type.String({ format: 'date-time', description: 'with `schedule`' })),
    field: Type.Optional(
      Type.String({ maxLength: 60, description: 'with `set`, `add`, `remove`: a reference field' }),
    ),
    value: Type.Optional(
      Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
        description:
          'with `set`, `add`, `remove`: the referred item’s id (null: `set` clears an optional one)',
      }),
    ),
  },
  { additionalProperties: false },
);
export const BulkResult = Type.Object({
  changed: Type.Integer({ description: 'items changed' }),
  unchanged: Type.Integer({ description: 'items that already were so' }),
});

export const RestoreBody = Type.Object(
  {
    version: Type.Integer({ minimum: 1, description: 'the item’s version now (as for a save)' }),
    restore: Type.Integer({ minimum: 1, description: 'the version whose document to put back' }),
  },
  { additionalProperties: false },
);

// What visitors sent: the feedback inbox, the newsletter's subscribers, erasure on request.

export const FeedbackStatus = Type.Union([
  Type.Literal('new'),
  Type.Literal('in_progress'),
  Type.Literal('answered'),
  Type.Literal('spam'),
]);

const Paging = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
};

export const FeedbackListQuery = Type.Object(
  {
    status: Type.Optional(FeedbackStatus),
    q: Type.Optional(
      Type.String({ maxLength: 200, description: 'part of the name, address, phone or message' }),
    ),
    ...Paging,
  },
  { additionalProperties: false },
);

const FeedbackFields = {
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  message: Type.String(),
  lang: Type.String(),
  page: Type.Union([Type.String(), Type.Null()]),
  status: FeedbackStatus,
  created_at: Type.String({ format: 'date-time' }),
};

export const FeedbackList = Type.Object({
  count: Type.Integer(),
  results: Type.Array(Type.Object({ ...FeedbackFields, notes: Type.Integer() })),
  /** New messages in the whole inbox, whatever the filter. */
  new: Type.Integer(),
});

export const FeedbackNote = Type.Object({
  id: Type.Integer(),
  kind: Type.Union([Type.Literal('note'), Type.Literal('reply')]),
  text: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  staff: Type.Union([
    Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String() }),
    Type.Null(),
  ]),
});

export const FeedbackMessage = Type.Object({
  ...FeedbackFields,
  notes: Type.Array(FeedbackNote),
  /**
   * Where the sender's answer to a reply goes (the reply's Reply-To): MAIL_REPLY_TO, else
   * FEEDBACK_TO, else the address of the member of staff who asks (who would send the reply).
   */
  reply_to: Type.String(),
});

export const FeedbackUpdateBody = Type.Object({ status: FeedbackStatus }, { additionalProperties: false });
export const FeedbackNoteBody = Type.Object(
  { text: Type.String({ minLength: 1, maxLength: 10_000 }) },
  { additionalProperties: false },
);
export const FeedbackReplyBody = Type.Object(
  {
    subject: Type.Optional(Type.String({ maxLength: 200 })),
    text: Type.String({ minLength: 1, maxLength: 20_000 }),
  },
  { additionalProperties: false },
);

export const SubscriberState = Type.Union([
  Type.Literal('confirmed'),
  Type.Literal('unconfirmed'),
  Type.Literal('unsubscribed'),
]);

export const SubscriberListQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 254, description: 'part of the address' })),
    state: Type.Optional(SubscriberState),
    ...Paging,
  },
  { additionalProperties: false },
);

export const Subscriber = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  lang: Type.String(),
  state: SubscriberState,
  created_at: Type.String({ format: 'date-time' }),
  confirmed_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  unsubscribed_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export const SubscriberList = Type.Object({ count: Type.Integer(), results: Type.Array(Subscriber) });

export const EraseBody = Type.Object(
  { email: Type.String({ minLength: 3, maxLength: 254 }) },
  { additionalProperties: false },
);
export const Erased = Type.Object({
  email: Type.String(),
  subscribers: Type.Integer(),
  feedback: Type.Integer(),
  notes: Type.Integer({ description: 'the staff’s notes and replies on those messages' }),
  mails: Type.Integer(),
  staff: Type.Integer({ description: 'the staff account of the address (0 or 1)' }),
});
export type Erased = Static<typeof Erased>;
const When = Type.String({ format: 'date-time' });
/** What an erasure would delete: POST /api/admin/erase/preview. */
export const ErasurePreview = Type.Object({
  email: Type.String(),
  subscription: Type.Union([
    Type.Object({ lang: Type.String(), state: SubscriberState, created_at: When }),
    Type.Null(),
  ]),
  feedback: Type.Object({
    count: Type.Integer(),
    notes: Type.Integer({ description: 'the staff’s notes and replies on them' }),
    samples: Type.Array(
      Type.Object({
        id: Type.Integer(),
        name: Type.String(),
        status: Type.String(),
        created_at: When,
        excerpt: Type.String({ description: 'the message’s first 140 characters' }),
      }),
      { description: 'the latest 5' },
    ),
  }),
  mails: Type.Object({
    count: Type.Integer(),
    samples: Type.Array(
      Type.Object({ kind: Type.String(), subject: Type.String(), created_at: When, sent: Type.Boolean() }),
      { description: 'the latest 5' },
    ),
  }),
  staff: Type.Union([
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      role: Type.String(),
      disabled: Type.Boolean(),
      created_at: When,
      saves: Type.Integer({ description: 'content saves it made: they stay in the history, naming no one' }),
      sessions: Type.Integer(),
    }),
    Type.Null(),
  ]),
  blocked: Type.Union([Type.String(), Type.Null()], {
    description: 'why the erasure would be refused (an active staff account, your own), or null',
  }),
});
export type ErasurePreview = Static<typeof ErasurePreview>;

// Newsletter issues.

const IssueText = Type.Object(
  {
    ru: Type.String({ minLength: 1, maxLength: 20_000 }),
    en: Type.Optional(Type.String({ maxLength: 20_000 })),
    zh: Type.Optional(Type.String({ maxLength: 20_000 })),
  },
  { additionalProperties: false, description: 'Russian required; a missing language falls back to Russian' },
);
const ItemIds = Type.Array(Type.Integer({ minimum: 1, maximum: 2 ** 31 - 1 }), {
  maxItems: 30,
  uniqueItems: true,
});

export const IssueBody = Type.Object(
  { subject: IssueText, intro: IssueText, news_ids: ItemIds, event_ids: ItemIds },
  { additionalProperties: false },
);
export type IssueBody = Static<typeof IssueBody>;

export const Issue = Type.Object({
  id: Type.Integer(),
  subject: IssueText,
  intro: IssueText,
  news_ids: Type.Array(Type.Integer()),
  event_ids: Type.Array(Type.Integer()),
  status: Type.Union([Type.Literal('draft'), Type.Literal('sending'), Type.Literal('sent')]),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
  send_started_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  rate_per_minute: Type.Union([Type.Integer(), Type.Null()]),
  counts: Type.Object({
    recipients: Type.Integer(),
    sent: Type.Integer(),
    failed: Type.Integer(),
    waiting: Type.Integer(),
  }),
});
export type Issue = Static<typeof Issue>;
export const IssueList = Type.Object({ count: Type.Integer(), results: Type.Array(Issue) });

export const IssuePreviewQuery = Type.Object(
  { lang: Type.Optional(Type.Union([Type.Literal('ru'), Type.Literal('en'), Type.Literal('zh')])) },
  { additionalProperties: false },
);
export const IssuePreview = Type.Object({
  subject: Type.String(),
  text: Type.String({ description: 'the plain-text part' }),
  html: Type.String({ description: 'the HTML part, a whole document' }),
});

export const IssueSendBody = Type.Object(
  {
    rate_per_minute: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 6000,
        description: 'mails a minute (default 60): the mail server’s limit',
      }),
    ),
  },
  { additionalProperties: false },
);

/** The back office's first screen: what waits for the staff. */
export const Dashboard = Type.Object({
  feedback_new: Type.Integer(),
  sections: Type.Array(
    Type.Object({
      section: Type.String(),
      published: Type.Integer(),
      draft: Type.Integer(),
      scheduled: Type.Integer(),
      archived: Type.Integer(),
      missing: Type.Object({ en: Type.Integer(), zh: Type.Integer() }),
      /** Published items showing no real photo, only generated illustrations. */
      without_photo: Type.Integer(),
    }),
  ),
  scheduled: Type.Array(
    Type.Object({
      section: Type.String(),
      id: Type.Integer(),
      name: Type.String(),
      publish_at: Type.String({ format: 'date-time' }),
    }),
  ),
  recent: Type.Array(
    Type.Object({
      section: Type.String(),
      id: Type.Integer(),
      name: Type.String({ description: 'the item’s Russian name as that save left it' }),
      version: Type.Integer(),
      status: Type.String({ description: 'the state the save left, or "deleted"' }),
      fields: Type.Array(Type.String()),
      changed_at: Type.String({ format: 'date-time' }),
      staff: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});
export type Dashboard = Static<typeof Dashboard>;

/** How many published items of each section state each fact (common/coverage.ts). */
export const Coverage = Type.Object({
  sections: Type.Array(
    Type.Object({
      section: Type.String(),
      total: Type.Integer({ description: 'its published items' }),
      facts: Type.Object(
        Object.fromEntries(coverageFacts.map((f) => [f, Type.Optional(Type.Integer({ minimum: 0 }))])),
        {
          additionalProperties: false,
          description:
            'per fact the section can state, how many of its published items state it; a fact it has ' +
            'no field for is absent. The items lacking one: its list with `status=published&missing={fact}`',
        },
      ),
    }),
  ),
});
export type Coverage = Static<typeof Coverage>;

// The media library: photos uploaded by the staff.

/** The largest photo the back office takes, in bytes (a phone's photo is 3–12 MB). */
export const maxPhotoBytes = 25 * 1024 * 1024;

export const Photo = Type.Object({
  id: Type.String({ description: 'the picture id: /media/<id>/<width>.<format>' }),
  alt: Type.Object({
    ru: Type.Optional(Type.String()),
    en: Type.Optional(Type.String()),
    zh: Type.Optional(Type.String()),
  }),
  focal_x: Type.Number({ minimum: 0, maximum: 1 }),
  focal_y: Type.Number({ minimum: 0, maximum: 1 }),
  width: Type.Integer(),
  height: Type.Integer(),
  bytes: Type.Integer(),
  original_name: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  /** Languages the alt text still lacks: the photo cannot be used until it has all three. */
  missing_alt: Type.Array(Type.String()),
  /** Where the photo shows: every item of the back office, published or not, that has it. */
  used_by: Type.Array(
    Type.Object({
      kind: Type.String({ description: 'the kind of content (a section, `directions`, `pages`, …)' }),
      id: Type.Integer(),
      title: Type.String({ description: 'the item’s name in Russian' }),
    }),
  ),
});
export type Photo = Static<typeof Photo>;
export const PhotoList = Type.Object({ count: Type.Integer(), results: Type.Array(Photo) });
export const PhotoListQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 200, description: 'part of the alt text or the file name' })),
    missing_alt: Type.Optional(
      Type.Boolean({ description: 'true: the photos whose alt text lacks a language; false: the others' }),
    ),
    unused: Type.Optional(
      Type.Boolean({ description: 'true: the photos nothing uses; false: the used ones' }),
    ),
    sort: Type.Optional(
      Type.Union([Type.Literal('created_at'), Type.Literal('original_name'), Type.Literal('bytes')]),
    ),
    order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  { additionalProperties: false },
);
export const PhotoUploadQuery = Type.Object(
  { name: Type.Optional(Type.String({ maxLength: 200, description: 'the file’s name, for the library' })) },
  { additionalProperties: false },
);
export const PhotoUpdateBody = Type.Object(
  {
    alt: Type.Optional(
      Type.Object(
        {
          ru: Type.Optional(Type.String({ maxLength: 500 })),
          en: Type.Optional(Type.String({ maxLength: 500 })),
          zh: Type.Optional(Type.String({ maxLength: 500 })),
        },
        { additionalProperties: false },
      ),
    ),
    focal_x: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
    focal_y: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
  },
  { additionalProperties: false },
);
export const PhotoIdParams = Type.Object({ id: Type.String({ pattern: '^photo\\.[a-z0-9]{16}$' }) });

/** A route's line read from a GPX file. */
export const ImportedLine = Type.Object({
  line: Type.Array(Type.Tuple([Type.Number(), Type.Number()]), { description: '[[lat, lon], ...] in order' }),
  length_km: Type.Number({ description: 'along the ground, of every point of the file' }),
});

// The facts' sources in the back office (decision 047): the places whose facts need checking, and
// the facts found in OpenStreetMap waiting for staff.

const FactKeyT = Type.Enum([...factKeys]);
/** The sections of places whose facts carry sources. */
export const FactSectionParams = Type.Object({ section: Type.Enum([...placeSections]) });

export const StaleFactsQuery = Type.Object({
  section: Type.Optional(Type.Enum([...placeSections])),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
});
export const StaleFacts = Type.Object({
  stale_days: Type.Integer({ description: 'the setting: facts checked longer ago than this are listed' }),
  before: Type.String({ format: 'date', description: 'facts checked before this day are listed' }),
  count: Type.Integer(),
  results: Type.Array(
    Type.Object({
      section: Type.String(),
      id: Type.Integer(),
      name: Type.String(),
      facts: Type.Array(
        Type.Object({
          fact: FactKeyT,
          source: Type.Union([Type.String(), Type.Null()]),
          checked: Type.Union([Type.String({ format: 'date' }), Type.Null()], {
            description: 'null: no date recorded',
          }),
        }),
      ),
    }),
  ),
});
export type StaleFactsT = Static<typeof StaleFacts>;

export const OsmSearchResult = Type.Object({
  places: Type.Integer({ description: 'the section’s places asked about' }),
  elements: Type.Integer({ description: 'OpenStreetMap objects in the answer' }),
  sure: Type.Integer({ description: 'places matched surely' }),
  doubtful: Type.Integer({ description: 'places matched with a doubt: staff confirm' }),
  proposals: Type.Integer({ description: 'facts waiting for review' }),
  same: Type.Integer({ description: 'facts OpenStreetMap states as the portal already does' }),
});
export type OsmSearchResultT = Static<typeof OsmSearchResult>;

export const OsmProposal = Type.Object({
  id: Type.Integer(),
  section: Type.String(),
  place_id: Type.Integer(),
  place_name: Type.String(),
  fact: FactKeyT,
  proposed: Type.Unknown({
    description: 'the value as the portal would store it; null: cannot be stored as it is',
  }),
  raw: Type.String({ description: 'OpenStreetMap’s own text of the tags' }),
  current: Type.Unknown({ description: 'the place’s value when the search ran' }),
  osm_ref: Type.String({ description: 'node/123, way/45 or relation/6' }),
  osm_url: Type.String(),
  osm_name: Type.Union([Type.String(), Type.Null()]),
  distance_m: Type.Integer(),
  confidence: Type.Union([Type.Literal('sure'), Type.Literal('doubtful')]),
  status: Type.Union([Type.Literal('pending'), Type.Literal('accepted'), Type.Literal('rejected')]),
  found_at: Type.String(),
});
export type OsmProposalT = Static<typeof OsmProposal>;
export const OsmProposals = Type.Object({ results: Type.Array(OsmProposal) });
export const OsmProposalsQuery = Type.Object({
  status: Type.Optional(
    Type.Union([Type.Literal('pending'), Type.Literal('accepted'), Type.Literal('rejected')]),
  ),
});
export const OsmProposalParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2 ** 31 - 1 }) });
export const OsmAccepted = Type.Object({ accepted: Type.Integer(), skipped: Type.Integer() });
// A section's spreadsheet read back (decision 46): a dry run first, kept server-side under its id,
// then applied in one go, and undone as a whole.

/** The largest file an import takes: a section's 5,000 rows with three languages of text fit. */
export const maxImportBytes = 30 * 1024 * 1024;
/** The most rows an import takes (a larger section is imported in parts). */
export const maxImportRows = 20_000;

export const ImportUploadQuery = Type.Object(
  {
    name: Type.Optional(
      Type.String({ maxLength: 200, description: 'the file’s name, shown in the history' }),
    ),
  },
  { additionalProperties: false },
);
export const ImportSectionParams = Type.Object({
  section: Type.String({ pattern: '^[a-z][a-z0-9-]*$', maxLength: 60 }),
});
export const ImportIdParams = Type.Object({ id: Type.String({ pattern: '^[a-f0-9-]{36}$' }) });
export const ImportListQuery = Type.Object(
  { section: Type.Optional(Type.String({ pattern: '^[a-z][a-z0-9-]*$', maxLength: 60 })) },
  { additionalProperties: false },
);

const ImportCounts = Type.Object({
  rows: Type.Integer({ description: 'rows read under the header' }),
  changed: Type.Integer({ description: 'existing items the import changes' }),
  created: Type.Integer({ description: 'rows without an id: new items' }),
  unchanged: Type.Integer(),
  invalid: Type.Integer({ description: 'rows refused, each with its reasons' }),
});

/** One import: who read which file when, what it holds, and whether it was applied or undone. */
export const ContentImport = Type.Object({
  id: Type.String(),
  section: Type.String(),
  file_name: Type.String(),
  format: Type.Union([Type.Literal('csv'), Type.Literal('xlsx')]),
  status: Type.Union([
    Type.Literal('planned'),
    Type.Literal('applied'),
    Type.Literal('undone'),
    Type.Literal('cancelled'),
  ]),
  staff: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
  applied_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  undone_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  counts: ImportCounts,
});
export type ContentImportT = Static<typeof ContentImport>;

/** A reason a row (or one of its cells) is refused: a code of common/admin-errors.ts, worded by the back office. */
const ImportIssue = Type.Object({
  column: Type.Union([Type.String(), Type.Null()], { description: 'the column it is about, when one' }),
  code: Type.String(),
  message: Type.String(),
  params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
});

/** A row of the dry run that does something, or is refused. */
export const ImportRow = Type.Object({
  row: Type.Integer({ description: 'its number in the spreadsheet (the header is row 1)' }),
  id: Type.Union([Type.Integer(), Type.Null()]),
  name: Type.String({ description: 'the item’s name (Russian)' }),
  kind: Type.Union([Type.Literal('changed'), Type.Literal('created'), Type.Literal('invalid')]),
  /** Per column, the cell as the export writes the value before and after ('' for empty). */
  changes: Type.Array(Type.Object({ column: Type.String(), old: Type.String(), new: Type.String() })),
  issues: Type.Array(ImportIssue),
});
export type ImportRowT = Static<typeof ImportRow>;

/** A dry run's answer: the import, the columns it does not know, and every row that changes or is refused. */
export const ImportPlan = Type.Object({
  ...ContentImport.properties,
  unknown_columns: Type.Array(Type.String(), {
    description: 'header names that are no column of the section: ignored',
  }),
  rows: Type.Array(ImportRow, {
    description: 'changed, new and refused rows; unchanged ones are only counted',
  }),
});
export type ImportPlanT = Static<typeof ImportPlan>;

export const ImportList = Type.Object({ results: Type.Array(ContentImport) });

/** 409 of an apply or an undo: with `import_conflict` and `import_changed_since`, the items saved by someone else since, by id. */
export const ImportConflict = Type.Object({
  ...AdminError.properties,
  ids: Type.Optional(Type.Array(Type.Integer())),
});
