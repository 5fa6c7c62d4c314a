import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import styles from './district-select.module.css';
import type { DistrictOption } from './district-tabs';
import { withParam } from './search-param';

/**
 * The phone district selector: a native dropdown that shows its placeholder until a district is
 * chosen in the URL. Without JavaScript the form submits ?district=<id>.
 */
export function DistrictSelect({
  districts,
  chosen,
}: {
  districts: DistrictOption[];
  chosen: number | null;
}) {
  const { t } = useTranslation('directions');
  const id = useId();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  return (
    <form className={styles.form} method="get" onSubmit={(e) => e.preventDefault()}>
      <label className="visually-hidden" htmlFor={id}>
        {t('selectLabel')}
      </label>
      <select
        id={id}
        name="district"
        className={styles.select}
        value={chosen ?? ''}
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
      <noscript>
        <button type="submit" className="button">
          {t('show')}
        </button>
      </noscript>
    </form>
  );
}
