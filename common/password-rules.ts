// The staff's password length rules, on their own: the back office's browser bundle shows them
// without loading the API schemas (common/admin-api.ts re-exports them for the server).

/** The shortest password an account may have. */
export const minPasswordLength = 12;
/** The longest: argon2 takes any length, but a megabyte of "password" is a denial of service. */
export const maxPasswordLength = 256;
