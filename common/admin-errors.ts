// What the back office's API answers a refusal with: besides its English `message` (for logs and
// API users), a stable `code` and the `params` the back office words it with, in its own language
// (web/admin/i18n: `admin.errors.codes.<code>`, the params as %{name}). Every code the server
// gives is here; tests/unit/admin-error-codes.test.ts checks that each is worded in every language
// of the back office and that the admin API throws no refusal without one.

export const adminErrorCodes = [
  // any request
  'invalid_value',
  'not_found',
  'sign_in_needed',
  'admin_only',
  'totp_required',
  // sign-in and the account
  'sign_in_wrong',
  'sign_in_throttled_address',
  'sign_in_throttled_account',
  'totp_code_needed',
  'totp_wrong',
  'totp_used',
  'recovery_code_wrong',
  'second_factor_unreadable',
  'second_factor_off',
  'totp_on_already',
  'totp_setup_first',
  'current_password_wrong',
  'password_wrong',
  'password_too_short',
  'password_too_long',
  'password_has_email',
  'password_common',
  'account_disabled',
  // one-time links
  'link_invalid',
  'first_admin_exists',
  'email_required',
  // accounts
  'email_invalid',
  'account_exists',
  'last_admin',
  'erase_own_account',
  'erase_active_account',
  // content
  'edit_conflict',
  'delete_conflict',
  'in_use',
  'key_taken',
  'reference_missing',
  'city_other_district',
  'end_before_start',
  'cannot_schedule',
  'publish_at_needed',
  'version_missing',
  'not_published',
  'no_working_copy',
  'file_expected',
  'gpx_not_gpx',
  'gpx_too_few_points',
  'gpx_outside_region',
  // facts and OpenStreetMap
  'fact_checked_future',
  'osm_unavailable',
  'osm_failed',
  'osm_not_applicable',
  'osm_decided',
  // a section's spreadsheet read back
  'import_file_type',
  'import_too_large',
  'import_not_utf8',
  'import_not_workbook',
  'import_malformed',
  'import_empty',
  'import_too_many_rows',
  'import_no_id_column',
  'import_duplicate_column',
  'import_row_length',
  'import_bad_id',
  'import_unknown_id',
  'import_duplicate_id',
  'import_cannot_create',
  'import_formula',
  'import_not_json',
  'import_version_old',
  'import_not_planned',
  'import_expired',
  'import_has_invalid_rows',
  'import_conflict',
  'import_not_applied',
  'import_changed_since',
  'bulk_refused',
  'bulk_field',
  'bulk_state_fixed',
  'bulk_target',
  'bulk_too_many',
  // photos
  'photo_missing',
  'photo_alt_missing',
  'photo_type',
  'photo_in_use',
  'not_a_picture',
  'picture_format',
  'picture_too_large',
  'picture_damaged',
  // feedback and the newsletter
  'reply_nowhere',
  'issue_items_missing',
  'issue_locked',
] as const;

export type AdminErrorCode = (typeof adminErrorCodes)[number];

/** The values a code's wording takes (`%{name}`): numbers, or texts the server has (ids, languages). */
export type AdminErrorParams = Record<string, string | number>;
