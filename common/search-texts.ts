// What search results and shared links show of a page when its editors set nothing of their own:
// one rule for the public pages (web/lib/meta.ts, the JSON-LD) and for the back office, whose search
// fields show these as what an empty field means (decision 053).

/** Search engines show about 60-70 characters of a title. */
export const titleLength = 70;

/**
 * The page's title, followed by the site's name when the title does not hold it already and both
 * fit in what search engines show; the site's name is in og:site_name anyway.
 */
export function documentTitle(pageTitle: string, siteName: string): string {
  if (!pageTitle) return siteName;
  const both = `${pageTitle} | ${siteName}`;
  return siteName && !pageTitle.includes(siteName) && both.length <= titleLength ? both : pageTitle;
}

/** A text as one line: its runs of spaces and line breaks as one space. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The meta description a page derives from its summary: one line, at most 300 characters. */
export const derivedDescription = (text: string) => oneLine(text).slice(0, 300);
