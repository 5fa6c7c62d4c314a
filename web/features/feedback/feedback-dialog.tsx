import { useTranslation } from 'react-i18next';
import { Modal } from '../modal/modal';
import { FeedbackForm } from './feedback-form';

/** The feedback modal; its form starts empty on every opening. */
export function FeedbackDialog({ open, onClosed }: { open: boolean; onClosed: () => void }) {
  const { t } = useTranslation('layout');
  return (
    <Modal open={open} onClosed={onClosed} title={t('feedback.title')} closeLabel={t('feedback.close')}>
      {() => <FeedbackForm />}
    </Modal>
  );
}
