import { rangeLimits } from '../../../common/date-presets';
import { useTranslation } from '../../lib/translation';
import { DateField } from './date-field';

export interface DateRangeFieldsProps {
  /** YYYY-MM-DD, or '' for an open side. */
  from: string;
  to: string;
  /** The earliest start, when there is one. */
  floor?: string | undefined;
  onChange: (range: { from: string; to: string }) => void;
}

/**
 * The two dates of an events range ("From", "To", sent as `date_from` and `date_to`), each limited
 * to what the events list accepts: the end not before the start and at most a year after it.
 */
export function DateRangeFields({ from, to, floor, onChange }: DateRangeFieldsProps) {
  const { t } = useTranslation('lists');
  const limits = rangeLimits(from, to, floor);
  return (
    <>
      <DateField
        name="date_from"
        label={t('filters.dateFrom')}
        value={from}
        min={limits.fromMin}
        max={limits.fromMax}
        onChange={(value) => onChange({ from: value, to })}
      />
      <DateField
        name="date_to"
        label={t('filters.dateTo')}
        value={to}
        min={limits.toMin}
        max={limits.toMax}
        onChange={(value) => onChange({ from, to: value })}
      />
    </>
  );
}
