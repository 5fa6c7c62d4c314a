import { Modal } from '../../components/modal/modal';
import { useTranslation } from '../../lib/translation';
import { NewsletterForm } from './newsletter-form';

/**
 * The newsletter modal. Escape and the close button only close it: no choice is stored, so the
 * offer comes back on the visitor's next visit.
 */
export function NewsletterDialog({ open, onClosed }: { open: boolean; onClosed: () => void }) {
  const { t } = useTranslation('newsletter');
  return (
    <Modal
      open={open}
      onClosed={onClosed}
      title={t('title')}
      closeLabel={t('close')}
      width={520}
      focus="input"
      testId="newsletter-dialog"
    >
      {(close) => <NewsletterForm close={close} />}
    </Modal>
  );
}
