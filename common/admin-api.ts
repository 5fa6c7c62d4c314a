import Type, { type Static, type TSchema } from 'typebox';
import { coverageFacts } from './coverage.js';
import { maxPasswordLength } from './password-rules.js';

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
  { totp_required_for_admins: Type.Boolean() },
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

export const ContentListQuery = Type.Object(
  {
    q: Type.Optional(
      Type.String({ maxLength: 200, description: 'part of a name in any language, or an id' }),
    ),
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
    sort: Type.Optional(Type.Union([Type.Literal('id'), Type.Literal('name'), Type.Literal('updated_at')])),
    order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
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
});
export const ContentList = Type.Object({
  count: Type.Integer({
    description: 'the matches; with `q`, at most 1,000 (narrow the search to see more)',
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
      status: saved ? Type.Literal('published', { description: 'always public: simply saved' }) : ItemStatus,
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
    }),
  ),
});

/**
 * One action on several items of a section, applied to all of them in one transaction or to none:
 * a state (`publish`, `draft`, `archive`, `schedule` with `publish_at`), or a reference field set
 * (`set`: a single reference such as `district_id`) or a value added to or taken from a list of
 * references (`add`, `remove`: `tourism_type_ids`). Each changed item gets its history entry.
 */
export const BulkBody = Type.Object(
  {
    ids: Type.Array(Type.Integer({ minimum: 1, maximum: 2 ** 31 - 1 }), {
      minItems: 1,
      maxItems: 500,
      uniqueItems: true,
    }),
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
