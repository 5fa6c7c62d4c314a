import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { ContactsT } from '../../common/api';
import { queries } from '../api/queries';
import { useApi } from '../lib/api-context';

export type Contacts = ContactsT;

export const contactsStorageKey = 'contact-info';
const fields = ['address', 'email', 'phone', 'site', 'group_vk'] as const;

function readStored(): Contacts | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(contactsStorageKey) ?? 'null');
    if (!value || typeof value !== 'object') return null;
    const record = value as Record<string, unknown>;
    return Object.fromEntries(
      fields.map((f) => [f, typeof record[f] === 'string' ? record[f] : '']),
    ) as unknown as Contacts;
  } catch {
    return null;
  }
}

/**
 * The region's contact details, for the menu and the footer, which the root loader prefetches; the
 * home page keeps a copy in localStorage (`useKeptContacts`) that other pages fall back to while the
 * query has no data (e.g. just after a language switch, or when it failed).
 */
export function useContacts(): Contacts | null {
  const { api, lang } = useApi();
  const { data } = useQuery(queries.contacts(api, lang));
  const [stored, setStored] = useState<Contacts | null>(null);
  useEffect(() => {
    if (!data) setStored(readStored());
  }, [data]);
  return data ?? stored;
}

/**
 * The home page keeps a copy of the contact details in localStorage. The shell calls it, which runs
 * at once on every page: the menu and the footer, which show the details, load their code later.
 */
export function useKeptContacts() {
  const { api, lang } = useApi();
  const { pathname } = useLocation();
  const { data } = useQuery(queries.contacts(api, lang));
  useEffect(() => {
    if (pathname !== '/' || !data) return;
    try {
      localStorage.setItem(contactsStorageKey, JSON.stringify(data));
    } catch {
      // Storage may be full or disabled: the contacts still show from the query.
    }
  }, [pathname, data]);
}
