import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
// biome-ignore lint/style/noRestrictedImports: the language switch is the one navigation to another language than the page's
import { useLocation, useNavigate } from 'react-router';
import type { Lang } from '../../../common/languages';
import { queries } from '../../api/queries';
import { useApi } from '../../lib/api-context';
import { hydrateDeferred } from '../../lib/lazy-near-screen';
import { searchWithLang } from '../../lib/links';
import { stringVersion } from '../../lib/page-strings';
import { useTranslation } from '../../lib/translation';

/**
 * Switches the language in place: the other language's strings come from /locales (the page
 * carries only its own), then i18next changes language and root remembers the choice (cookie and
 * localStorage); page data is keyed by language, so it refetches by itself. The address then names
 * the new language (`lng`, as every link of the page does), which runs the page's loader again so
 * its title and description follow. When the strings cannot be had, the page is loaded again
 * from the server in the new language, as the switch's link does before hydration.
 */
export function useLanguageSwitch(): (lng: Lang) => Promise<void> {
  const { i18n } = useTranslation();
  const { api } = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  return useCallback(
    async (lng: Lang) => {
      // Every namespace the page has so far (the root's and those of the screens seen).
      const namespaces = Object.keys(i18n.store.data[i18n.language] ?? {});
      try {
        await Promise.all([
          // A section that has not hydrated yet would be rendered again from scratch by the
          // change (and go blank while its data in the new language loads): it hydrates first.
          hydrateDeferred(),
          ...namespaces
            .filter((ns) => !i18n.hasResourceBundle(lng, ns))
            .map(async (ns) => {
              // No retries: the page from the server is the quicker second try.
              const bundle = await queryClient.fetchQuery({
                ...queries.locale(api, lng, ns, stringVersion(ns)),
                retry: false,
              });
              i18n.addResourceBundle(lng, ns, bundle, true, true);
            }),
        ]);
      } catch {
        window.location.assign(`${pathname}${searchWithLang(search, lng)}${hash}`);
        return;
      }
      await i18n.changeLanguage(lng);
      await navigate(
        { pathname, search: searchWithLang(search, lng), hash },
        { replace: true, preventScrollReset: true },
      );
    },
    [i18n, api, queryClient, navigate, pathname, search, hash],
  );
}
