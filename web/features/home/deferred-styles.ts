/**
 * The styles of the home sections whose code loads near the screen (routes/home.tsx). Their
 * server HTML is on the page from the start, so their styles must come with the page, not with
 * their code: the route refers to these CSS modules, which puts them in its own styles (a CSS
 * module that nothing uses is left out of the build). Keep this list to the CSS those sections
 * import; a test compares a section's size before and after its code arrives.
 */
import card from '../../components/cards/card.module.css';
import tourismTypeCard from '../../components/cards/tourism-type-card.module.css';
import carousel from '../../components/carousel/carousel.module.css';
import regionMap from '../../components/region-map/region-map.module.css';
import hobbySearch from './hobby-search.module.css';
import section from './section.module.css';
import tourismTypes from './tourism-types.module.css';

export const deferredStyles = [
  card,
  tourismTypeCard,
  carousel,
  regionMap,
  hobbySearch,
  section,
  tourismTypes,
];
