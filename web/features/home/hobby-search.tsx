import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { queries } from '../../api/queries';
import { useApi } from '../../lib/api-context';
import { LangField, useNavigate } from '../../lib/links';
import { useTranslation } from '../../lib/translation';
import styles from './hobby-search.module.css';
import { hobbySearchUrl } from './hobby-search-url';
import { districtsQuery } from './home-queries';
import { sectionIds } from './section-ids';
import { SelectField } from './select-field';

/** Tourism type and district, each "any" (0) by default, to the filtered attractions list. */
export function HobbySearch() {
  const { t } = useTranslation('home');
  const { api, lang } = useApi();
  const navigate = useNavigate();
  const id = useId();
  const { data: types = [] } = useQuery({
    ...queries.tourismTypes(api, lang),
    placeholderData: keepPreviousData,
  });
  const { data: districts = [] } = useQuery({
    ...districtsQuery(api, lang),
    placeholderData: keepPreviousData,
  });
  const [tourismType, setTourismType] = useState('0');
  const [district, setDistrict] = useState('0');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void navigate(hobbySearchUrl(Number(tourismType), Number(district)));
  };

  return (
    <section id={sectionIds.hobbySearch} className={styles.section}>
      <div className="container">
        <div className={styles.panel}>
          <div className={styles.text}>
            <h2 id={`${id}-title`} className={styles.heading}>
              {t('search.title')}
            </h2>
            <p className={styles.intro}>{t('search.intro')}</p>
          </div>
          <form
            className={styles.form}
            action="/attractions/list"
            method="get"
            onSubmit={submit}
            aria-labelledby={`${id}-title`}
          >
            <LangField />
            <SelectField
              name="tourism_type"
              label={t('search.tourismType')}
              anyLabel={t('search.any')}
              value={tourismType}
              onChange={setTourismType}
              options={types}
            />
            <SelectField
              name="district"
              label={t('search.district')}
              anyLabel={t('search.any')}
              value={district}
              onChange={setDistrict}
              options={districts}
            />
            <button type="submit" className={`button button--gold ${styles.submit}`}>
              <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
                <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
                <path d="M13 13l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
              {t('search.submit')}
            </button>
          </form>
        </div>
      </div>
    </section>
  );
}
