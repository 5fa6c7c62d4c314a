import { useSearchParams } from 'react-router';
import { readDateRange } from '../../../common/date-presets';
import { useTranslation } from '../../lib/translation';
import { formatDate, useLocale } from '../cards/format';
import styles from './date-field.module.css';

/**
 * Says what became of a date range in the page's address that the events list could not take as
 * it is (`readDateRange`): a value that is no date, an end before the start, a range longer than
 * a year (its first year is shown). Nothing is dropped silently. Rendered by the server too.
 */
export function DateRangeNote() {
  const { t } = useTranslation('lists');
  const locale = useLocale();
  const [params] = useSearchParams();
  const { dateFrom, dateTo, problem } = readDateRange(params.get('date_from'), params.get('date_to'));
  if (!problem) return null;
  const long = (iso: string) => formatDate(iso, locale);
  const text =
    problem.kind === 'invalid'
      ? t('dateNote.invalid', {
          value: (isBad(problem.from, dateFrom) ? problem.from : problem.to).slice(0, 30),
        })
      : problem.kind === 'reversed'
        ? t('dateNote.reversed', { from: long(dateFrom), to: long(problem.to) })
        : t('dateNote.tooLong', { from: long(dateFrom), asked: long(problem.to), to: long(dateTo) });
  return (
    <p className={styles.note} role="note" data-date-note={problem.kind}>
      {text}
    </p>
  );
}

/** The address gave a value for this side, and it is not the date read from it. */
const isBad = (asked: string, read: string) => asked !== '' && read === '';
