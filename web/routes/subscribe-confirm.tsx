import type { MetaDescriptor } from 'react-router';
import { useSearchParams } from 'react-router';
import { MailLinkPage } from '../features/newsletter/mail-link-page';
import { pageMeta } from '../lib/meta';
import { routeData } from '../lib/route-data';

// Nothing to prefetch: the page asks, and POSTs the token when the visitor confirms.
const data = routeData(
  () => [],
  (_, t) => ({
    title: t('newsletter:confirm.title'),
    description: t('newsletter:confirm.description'),
  }),
  ['newsletter'],
);
export const loader = data.loader;
export const clientLoader = data.clientLoader;

/** The page's <head>; a personal link has no business in a search engine. */
export const meta = (args: Parameters<typeof pageMeta>[0]): MetaDescriptor[] => [
  ...pageMeta(args).filter((tag) => !('name' in tag && tag.name === 'robots')),
  { name: 'robots', content: 'noindex, nofollow' },
];

export default function ConfirmSubscription() {
  const [search] = useSearchParams();
  const token = (search.get('token') ?? '').trim();
  return <MailLinkPage key={token} action="confirm" token={token} />;
}
