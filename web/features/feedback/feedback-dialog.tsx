import { Modal } from '../../components/modal/modal';
import { useTranslation } from '../../lib/translation';
import { FeedbackForm } from './feedback-form';

/** The feedback modal; its form starts empty on every opening. */
export function FeedbackDialog({ open, onClosed }: { open: boolean; onClosed: () => void }) {
  const { t } = useTranslation('feedback');
  return (
    <Modal open={open} onClosed={onClosed} title={t('title')} closeLabel={t('close')}>
      {() => <FeedbackForm />}
    </Modal>
  );
}
