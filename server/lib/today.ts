export { regionToday } from '../../common/date-presets.js';
