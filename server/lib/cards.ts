import { mediaUrl } from '../../common/media.js';

/** The card picture (first image) as a URL, or null. */
export function firstImage(images: readonly string[] | null | undefined): string | null {
  const id = images?.[0];
  return id ? mediaUrl(id) : null;
}

export function imageUrls(images: readonly string[] | null | undefined): string[] {
  return (images ?? []).map((id) => mediaUrl(id));
}

/** '19.12.2026 - 08.01.2027' (or one date for a one-day event): the footer shows the first part. */
export function startEndDate(start: string, end: string): string {
  const f = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;
  return start === end ? f(start) : `${f(start)} - ${f(end)}`;
}
