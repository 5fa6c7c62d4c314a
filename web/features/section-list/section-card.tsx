import type { EventCardT, NewsCardT, PlaceCardT, RouteCardT, TourismTypeCardT } from '../../../common/api';
import { sectionOf, tripKey } from '../../../common/sections';
import type { SectionItem, SectionSlug } from '../../api/queries';
import {
  detailHref,
  EventCard,
  type HeadingLevel,
  NewsCard,
  PlaceCard,
  RouteCard,
  TourismTypeCard,
} from '../../components/cards';

export interface SectionCardProps<S extends SectionSlug> {
  section: S;
  item: SectionItem[S];
  headingLevel?: HeadingLevel;
  /** CSS sizes of the card's picture in its grid. */
  sizes?: string;
  /** The list's first card: its picture loads at once (CardShell's `priority`). */
  priority?: boolean;
}

/** The shared card that fits a section's items. */
export function SectionCard<S extends SectionSlug>({
  section,
  item,
  headingLevel,
  sizes,
  priority,
}: SectionCardProps<S>) {
  const common = { headingLevel, sizes, priority };
  switch (sectionOf(section).card) {
    case 'news':
      return <NewsCard item={item as NewsCardT} {...common} />;
    case 'route':
      return <RouteCard item={item as RouteCardT} {...common} />;
    case 'event':
      return <EventCard item={item as EventCardT} {...common} />;
    case 'tourism-type':
      return <TourismTypeCard item={item as TourismTypeCardT} showAnnotation {...common} />;
    default:
      return (
        <PlaceCard
          item={item as PlaceCardT}
          href={detailHref(section, item.id)}
          saveKey={tripKey(section, item.id)}
          showRating={sectionOf(section).cardRating === true}
          {...common}
        />
      );
  }
}
