import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LineIcon, type LineIconName, VkIcon } from '../../lib/icons';
import styles from './detail-page.module.css';

/** Plain share links (no third-party scripts) and a copy-link button. */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation('detail');
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), 4000);
    return () => clearTimeout(timer);
  }, [copied]);
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  const links: { id: string; href: string; icon: LineIconName | 'vk' }[] = [
    { id: 'vk', href: `https://vk.com/share.php?url=${u}&title=${text}`, icon: 'vk' },
    { id: 'telegram', href: `https://t.me/share/url?url=${u}&text=${text}`, icon: 'send' },
    { id: 'whatsapp', href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`, icon: 'message' },
    {
      id: 'email',
      href: `mailto:?subject=${text}&body=${encodeURIComponent(`${title}\n${url}`)}`,
      icon: 'mail',
    },
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
              {link.icon === 'vk' ? <VkIcon size={18} /> : <LineIcon name={link.icon} size={18} />}
              <span>{t(`share.${link.id}`)}</span>
              {link.id !== 'email' && <span className="visually-hidden"> ({t('externalLink')})</span>}
            </a>
          </li>
        ))}
        <li>
          <button type="button" className={styles.shareLink} onClick={copy} data-share="copy">
            <LineIcon name="link" size={18} />
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
