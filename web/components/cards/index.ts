export { CardShell, type CardShellProps, cardSizes, type HeadingLevel } from './card-shell';
export { detailHref } from './detail-href';
export { EventCard, type EventCardProps } from './event-card';
export {
  formatDate,
  formatDateRange,
  formatDayMonth,
  formatNumber,
  formatWeekdayDate,
  useLocale,
} from './format';
export { Icon, type IconName } from './icon';
export { NewsCard, type NewsCardProps } from './news-card';
export { PlaceCard, type PlaceCardProps } from './place-card';
export { RatingBadge, ratingLevel } from './rating-badge';
export { RouteCard, type RouteCardProps } from './route-card';
export { TourismTypeCard, type TourismTypeCardProps } from './tourism-type-card';
