import { useFeedback } from '../features/feedback/feedback-context';
import { NavLink } from '../lib/links';
import { useTranslation } from '../lib/translation';
import { BadgeWidget } from './badge-widget';
import { ContactList } from './contact-list';
import { Logo } from './logo';
import styles from './site-footer.module.css';
import { SocialLinks } from './social-links';
import { useContacts } from './use-contacts';

const footerMenu = [
  ['/directions', 'nav.directions'],
  ['/routes/list', 'nav.routes'],
  ['/map', 'nav.map'],
  ['/events/list', 'nav.events'],
  ['/news/list', 'nav.news'],
] as const;

/**
 * The navy footer's content: logo, footer menu, contacts with the feedback button, social link,
 * badge, copyright. Its code loads when the footer comes near the screen (site-footer.tsx).
 */
export function FooterContent() {
  const { t } = useTranslation();
  const { t: tl } = useTranslation('layout');
  const feedback = useFeedback();
  const contacts = useContacts();
  return (
    <>
      <div className={`container ${styles.grid}`}>
        <div className={styles.brand}>
          <Logo dark />
          <p className={styles.about}>{tl('footer.tagline')}</p>
        </div>
        <nav className={styles.column} aria-label={tl('footer.menu')}>
          <h2 className={styles.heading}>{tl('footer.menu')}</h2>
          <ul className={styles.menu}>
            {footerMenu.map(([to, key]) => (
              <li key={to}>
                <NavLink className={styles.menuLink} to={to} end>
                  {t(key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.column}>
          <h2 className={styles.heading}>{tl('footer.contacts')}</h2>
          <ContactList contacts={contacts} />
          <button type="button" className={`button button--gold ${styles.feedback}`} onClick={feedback.open}>
            {tl('contacts.feedback')}
          </button>
        </div>
        <div className={styles.column}>
          {contacts?.group_vk && <h2 className={styles.heading}>{tl('footer.social')}</h2>}
          <SocialLinks vk={contacts?.group_vk} />
          <BadgeWidget />
        </div>
      </div>
      <div className={styles.bottom}>
        <p className={`container ${styles.copyright}`} suppressHydrationWarning>
          {tl('footer.copyright', { year: new Date().getFullYear(), name: t('site.name') })}
        </p>
      </div>
    </>
  );
}
