import { data } from 'react-router';
import { pageMeta } from '../lib/meta';

export const meta = pageMeta;

/** Any URL no screen claims: the layout's error boundary shows the 404 page with status 404. */
export function loader(): never {
  throw data('Not Found', { status: 404 });
}

export default function NotFound() {
  return null;
}
