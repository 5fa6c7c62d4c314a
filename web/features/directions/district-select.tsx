import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { LangField, useNavigate } from '../../lib/links';
import { useTranslation } from '../../lib/translation';
import { useHydrated } from '../../lib/use-hydrated';
import styles from './district-select.module.css';
import type { DistrictOption } from './district-tabs';
import { withParam } from './search-param';

/**
 * The phone district selector: a native dropdown whose value is the district the card shows (the
 * first one until another is chosen), so it never says "choose" over a district already shown; its
 * placeholder is left for a page with no district at all. Without JavaScript its button submits
 * ?district=<id>.
 */
export function DistrictSelect({
  districts,
  selected,
}: {
  districts: DistrictOption[];
  /** The district the card shows. */
  selected: number | null;
}) {
  const { t } = useTranslation('directions');
  const id = useId();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const hydrated = useHydrated();
  return (
    <form className={styles.form} method="get" onSubmit={(e) => e.preventDefault()}>
      <LangField />
      <label className="visually-hidden" htmlFor={id}>
        {t('selectLabel')}
      </label>
      <select
        id={id}
        name="district"
        className={styles.select}
        value={selected ?? ''}
        onChange={(e) =>
          navigate(
            { search: withParam(search, 'district', e.target.value) },
            { replace: true, preventScrollReset: true },
          )
        }
      >
        <option value="" disabled>
          {t('selectPlaceholder')}
        </option>
        {districts.map((d) => (
          <option key={d.id} value={d.id}>
            {d.name}
          </option>
        ))}
      </select>
      {/* The form's submit button: shown until the app runs (then a choice applies at once), and
          kept in the form after that, so the form still has one. */}
      <button type="submit" className={`button ${styles.submit}`} hidden={hydrated}>
        {t('show')}
      </button>
    </form>
  );
}
