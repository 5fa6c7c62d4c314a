import { LineIcon } from '../lib/icons';
import { useTranslation } from '../lib/translation';
import styles from './contact-list.module.css';
import type { Contacts } from './use-contacts';

/** The site without its scheme, for display. */
function host(url: string): string {
  return url.replace(/^https?:\/\//, '').replace(/\/$/, '');
}

/** Address, email, phone (left out when empty) and site, on a navy background. */
export function ContactList({ contacts }: { contacts: Contacts | null }) {
  const { t } = useTranslation('layout');
  if (!contacts) return null;
  return (
    <ul className={styles.list}>
      {contacts.address && (
        <li className={styles.item}>
          <LineIcon name="pin" className={styles.icon} />
          <span>
            <span className="visually-hidden">{t('contacts.address')}: </span>
            {contacts.address}
          </span>
        </li>
      )}
      {contacts.email && (
        <li className={styles.item}>
          <LineIcon name="mail" className={styles.icon} />
          <span>
            <span className="visually-hidden">{t('contacts.email')}: </span>
            <a className={styles.link} href={`mailto:${contacts.email}`}>
              {contacts.email}
            </a>
          </span>
        </li>
      )}
      {contacts.phone && (
        <li className={styles.item}>
          <LineIcon name="phone" className={styles.icon} />
          <span>
            <span className="visually-hidden">{t('contacts.phone')}: </span>
            <a className={styles.link} href={`tel:${contacts.phone.replace(/[^\d+]/g, '')}`}>
              {contacts.phone}
            </a>
          </span>
        </li>
      )}
      {contacts.site && (
        <li className={styles.item}>
          <LineIcon name="globe" className={styles.icon} />
          <span>
            <span className="visually-hidden">{t('contacts.site')}: </span>
            <a className={styles.link} href={contacts.site} rel="noopener">
              {host(contacts.site)}
            </a>
          </span>
        </li>
      )}
    </ul>
  );
}
