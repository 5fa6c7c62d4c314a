import type { KeyboardEvent } from 'react';

/**
 * Arrow keys, Home and End inside a tab list (WAI-ARIA tabs with automatic activation): moves the
 * focus to another tab and activates it (the tabs are links, so activating means following them).
 */
export function onTablistKeyDown(event: KeyboardEvent<HTMLElement>): void {
  const tabs = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]'));
  const current = tabs.indexOf(event.target as HTMLElement);
  if (current < 0 || tabs.length === 0) return;
  const last = tabs.length - 1;
  const next: Record<string, number> = {
    ArrowRight: current === last ? 0 : current + 1,
    ArrowLeft: current === 0 ? last : current - 1,
    Home: 0,
    End: last,
  };
  const index = next[event.key];
  if (index === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
  event.preventDefault();
  const tab = tabs[index];
  tab?.focus();
  tab?.click();
}
