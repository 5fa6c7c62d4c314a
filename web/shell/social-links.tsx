import { VkIcon } from '../lib/icons';
import { useTranslation } from '../lib/translation';
import styles from './site-footer.module.css';

/** The region's VK community (left out when the main page has none). */
export function SocialLinks({ vk }: { vk: string | undefined }) {
  const { t } = useTranslation('layout');
  if (!vk) return null;
  return (
    <ul className={styles.social}>
      <li>
        <a className={styles.socialLink} href={vk} rel="noopener" aria-label={t('footer.vk')}>
          <VkIcon size={26} />
        </a>
      </li>
    </ul>
  );
}
