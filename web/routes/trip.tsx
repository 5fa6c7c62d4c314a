import { HydrationBoundary } from '@tanstack/react-query';
import { type LoaderFunctionArgs, useLoaderData, useSearchParams } from 'react-router';
import type { TripAnswerT } from '../../common/api';
import { decodePlan } from '../../common/trip-link';
import { planEntries, type TripPlan } from '../../common/trip-plan';
import { OwnTrip, SharedTrip } from '../features/trip/trip-page';
import { tripQuery } from '../features/trip/trip-queries';
import { pageMeta } from '../lib/meta';
import { type PageInfo, type RouteData, routeData, type Translate } from '../lib/route-data';

// /trip: the visitor's own plan, which lives in their browser (the server renders its frame), or
// with ?plan= a shared plan, which the server renders in full (names, days, notes) for whoever
// opens the link and for the previews of messengers. Never indexed: a plan is a visitor's.

const sharedPlan = (url: URL): TripPlan | null => {
  const text = url.searchParams.get('plan');
  if (text === null) return null;
  const decoded = decodePlan(text);
  return decoded.ok ? decoded.plan : null;
};

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

function sharedInfo(plan: TripPlan, answer: TripAnswerT, t: Translate): PageInfo {
  const names = new Map(answer.items.map((i) => [i.key, i.name]));
  // The preview's picture: the first place of the plan that has one, day 1 first.
  const byKey = new Map(answer.items.map((i) => [i.key, i]));
  const pictured = [...plan.days.flat(), ...plan.unplanned].map((e) => byKey.get(e.key)).find((i) => i?.img);
  const line = (label: string, keys: string[]) => {
    const found = keys.map((k) => names.get(k)).filter(Boolean);
    return found.length ? `${label}: ${found.join(', ')}.` : '';
  };
  const days = plan.days
    .map((d, n) =>
      line(
        fill(t('trip:day'), { n: n + 1 }),
        d.map((e) => e.key),
      ),
    )
    .filter(Boolean);
  return {
    title: fill(t('trip:sharedMetaTitle'), { days: days.length, count: answer.items.length }),
    description: [
      ...days,
      line(
        t('trip:unplanned'),
        plan.unplanned.map((e) => e.key),
      ),
    ]
      .filter(Boolean)
      .join(' '),
    image: pictured?.img,
    imageAlt: pictured?.img_photo?.alt || pictured?.name,
  };
}

function dataOf({ request }: LoaderFunctionArgs) {
  const plan = sharedPlan(new URL(request.url));
  return routeData(
    ({ api, lang }) =>
      plan
        ? [
            tripQuery(
              api,
              lang,
              planEntries(plan).map((e) => e.key),
            ),
          ]
        : [],
    ([answer]: (TripAnswerT | undefined)[], t) => ({
      title: t('trip:title'),
      description: t('trip:lead'),
      ...(plan && answer ? sharedInfo(plan, answer, t) : {}),
    }),
    // lists: the first day's date field (web/components/dates)
    ['trip', 'cards', 'lists'],
  );
}

export const loader = (args: LoaderFunctionArgs) => dataOf(args).loader(args);
export const clientLoader = (args: LoaderFunctionArgs) => dataOf(args).clientLoader(args);
// A shared plan's address is the plan: its canonical, og:url and alternates keep it (a messenger's
// preview that linked to the bare /trip would open the receiver's own, empty plan).
export const meta = (args: Parameters<typeof pageMeta>[0]) => {
  const plan = new URLSearchParams(args.location.search).get('plan');
  return pageMeta(args, {
    noindex: true,
    ...(plan === null ? {} : { path: `/trip?${new URLSearchParams({ plan })}` }),
  });
};

export default function Trip() {
  const { dehydratedState } = useLoaderData<RouteData>();
  const [params] = useSearchParams();
  const text = params.get('plan');
  return (
    <HydrationBoundary state={dehydratedState}>
      {text === null ? <OwnTrip /> : <SharedTrip text={text} />}
    </HydrationBoundary>
  );
}
