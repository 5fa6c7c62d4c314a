import { data } from 'react-router';
import { pageMeta } from '../lib/meta';

// Placeholder until the screen is built: answers 404 like any unknown URL.
export const meta = pageMeta;

export function loader(): never {
  throw data('Not Found', { status: 404 });
}

export default function Placeholder() {
  return null;
}
