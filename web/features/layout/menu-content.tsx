import { useQuery } from '@tanstack/react-query';
import { infoPageSlugs } from '../../../common/pages';
import { guideSections } from '../../../common/sections';
import { queries } from '../../api/queries';
import { useApi } from '../../lib/api-context';
import { useTranslation } from '../../lib/translation';
import { useFeedback } from '../feedback/feedback-context';
import { ContactList } from './contact-list';
import { MenuGroup } from './menu-group';
import { MenuLink } from './menu-link';
import { SearchBox } from './search-box';
import { menuContentId } from './site-menu';
import styles from './site-menu.module.css';
import { useContacts } from './use-contacts';

// The full-screen menu's content: every section of the site, the information pages and the
// contacts. In every page's HTML; its code loads at the visitor's first interaction (site-menu.tsx),
// so it is not in the scripts every page runs at its start.

const infoPages = infoPageSlugs;

export default function MenuContent({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { t: tl } = useTranslation('layout');
  const { api, lang } = useApi();
  const feedback = useFeedback();
  const contacts = useContacts();
  const { data: directions } = useQuery(queries.navList(api, lang));
  const { data: pages } = useQuery(queries.infoPageTitles(api, lang));
  const pageTitle = (slug: string) => pages?.find((p) => p.slug === slug)?.title ?? tl(`info.${slug}`);
  const link = (to: string, label: string) => (
    <li key={to}>
      <MenuLink to={to} onNavigate={onNavigate}>
        {label}
      </MenuLink>
    </li>
  );
  const entry = (to: string, label: string, newColumn = false) => (
    <li className={newColumn ? `${styles.entry} ${styles.newColumn}` : styles.entry}>
      <MenuLink to={to} className={styles.entryLink} onNavigate={onNavigate}>
        {label}
      </MenuLink>
    </li>
  );

  return (
    <div id={menuContentId} className={`container ${styles.inner}`}>
      <div className={styles.tools}>
        <SearchBox className={styles.search} onSearch={onNavigate} />
      </div>
      <nav aria-label={tl('menu.label')}>
        <ul className={styles.entries}>
          <MenuGroup title={t('nav.directions')}>
            <ul className={styles.subList}>
              {link('/directions', tl('menu.allDirections'))}
              {directions?.map((d) => link(`/directions/detail/${d.id}`, d.name))}
            </ul>
          </MenuGroup>
          {entry('/routes/list', t('nav.routes'), true)}
          <MenuGroup title={t('nav.guide')}>
            <ul className={styles.subList}>
              {guideSections.map((slug) => link(`/${slug}/list`, t(`sections.${slug}`)))}
            </ul>
          </MenuGroup>
          {entry('/map', t('nav.map'))}
          {entry('/events/list', t('nav.events'), true)}
          {entry('/news/list', t('nav.news'))}
          <MenuGroup title={t('nav.about')}>
            <ul className={styles.subList}>{infoPages.map((slug) => link(`/${slug}`, pageTitle(slug)))}</ul>
          </MenuGroup>
          <MenuGroup title={t('nav.contacts')} newColumn>
            <div className={styles.contacts}>
              <ContactList contacts={contacts} />
              <button type="button" className="button button--gold" onClick={feedback.open}>
                {tl('contacts.feedback')}
              </button>
            </div>
          </MenuGroup>
        </ul>
      </nav>
    </div>
  );
}
