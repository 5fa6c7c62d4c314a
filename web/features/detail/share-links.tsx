import { useEffect, useState } from 'react';
import { VkIcon } from '../../lib/icons';
import { useTranslation } from '../../lib/translation';
import styles from './detail-page.module.css';
import { DetailIcon, type DetailIconName } from './icons';

/**
 * A value for a link's query string: what would end or change it is percent-encoded, other letters
 * stay as they are (the browser encodes them in UTF-8 when it follows the link): a Cyrillic title
 * encoded in full took six bytes a letter, five times over.
 */
export const queryValue = (value: string) =>
  encodeURIComponent(value).replace(/(?:%[89A-F][0-9A-F])+/g, decodeURIComponent);

/** Plain share links (no third-party scripts) and a copy-link button. */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation('detail');
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), 4000);
    return () => clearTimeout(timer);
  }, [copied]);
  const u = queryValue(url);
  // The title once, in the letter's subject: the messengers show the page's own title and picture
  // with the link (its Open Graph), and each copy of a long title was a tenth of a kilobyte.
  const links: { id: string; href: string; icon: DetailIconName | 'vk' }[] = [
    { id: 'vk', href: `https://vk.com/share.php?url=${u}`, icon: 'vk' },
    { id: 'telegram', href: `https://t.me/share/url?url=${u}`, icon: 'send' },
    { id: 'whatsapp', href: `https://wa.me/?text=${u}`, icon: 'message' },
    { id: 'email', href: `mailto:?subject=${queryValue(title)}&body=${u}`, icon: 'mail' },
  ];
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  return (
    <section className={styles.share} aria-labelledby="detail-share-title">
      <h2 id="detail-share-title" className={styles.asideTitle}>
        {t('share.title')}
      </h2>
      <ul className={styles.shareList}>
        {links.map((link) => (
          <li key={link.id}>
            <a
              className={styles.shareLink}
              href={link.href}
              {...(link.id === 'email' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
              data-share={link.id}
            >
              {link.icon === 'vk' ? <VkIcon size={18} /> : <DetailIcon name={link.icon} />}
              <span>{t(`share.${link.id}`)}</span>
              {link.id !== 'email' && <span className="visually-hidden"> ({t('externalLink')})</span>}
            </a>
          </li>
        ))}
        <li>
          <button type="button" className={styles.shareLink} onClick={copy} data-share="copy">
            <DetailIcon name="link" />
            <span>{t('share.copy')}</span>
          </button>
        </li>
      </ul>
      <p className={styles.copied} role="status">
        {copied === 'yes' ? t('share.copied') : copied === 'no' ? t('share.copyFailed', { url }) : ''}
      </p>
    </section>
  );
}
