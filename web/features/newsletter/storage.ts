/**
 * The localStorage key of the visitor's newsletter choice: unset until they subscribe or decline, and
 * while it is unset the news list offers the newsletter by itself.
 */
export const newsletterStorageKey = 'newsletter-subscribed';

export type NewsletterChoice = 'subscribed' | 'declined';

/** The stored choice, or null when the visitor has not chosen (or storage is unavailable). Browser only. */
export function storedChoice(): string | null {
  try {
    return window.localStorage.getItem(newsletterStorageKey);
  } catch {
    return null;
  }
}

/** Remembers the choice; storage that refuses (private mode, quota) only means being asked again. */
export function storeChoice(choice: NewsletterChoice): void {
  try {
    window.localStorage.setItem(newsletterStorageKey, choice);
  } catch {
    // nothing to do: the offer comes back on the next visit
  }
}
