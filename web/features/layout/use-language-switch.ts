import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import type { Lang } from '../../../common/languages';

/**
 * Switches the language in place: i18next loads the strings from /locales and remembers the choice
 * (cookie and localStorage); page data is keyed by language, so it refetches by itself. A `lng`
 * query parameter would contradict the choice, so it leaves the URL; otherwise the page's loader
 * runs again so its title and description follow the language.
 */
export function useLanguageSwitch(): (lng: Lang) => Promise<void> {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const { revalidate } = useRevalidator();
  return useCallback(
    async (lng: Lang) => {
      await i18n.changeLanguage(lng);
      const params = new URLSearchParams(search);
      if (params.has('lng')) {
        params.delete('lng');
        const rest = params.toString();
        await navigate(
          { pathname, search: rest ? `?${rest}` : '', hash },
          { replace: true, preventScrollReset: true },
        );
      } else {
        await revalidate();
      }
    },
    [i18n, navigate, pathname, search, hash, revalidate],
  );
}
