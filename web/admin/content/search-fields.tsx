import { Box, Button, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  contentLanguages,
  type EditableSection,
  type EditorialField,
  editorial,
  titleOf,
} from '../../../common/editorial';
import { docToPlain, richIn } from '../../../common/rich-text';
import { derivedDescription, documentTitle } from '../../../common/search-texts';
import { fieldLabel, TranslatedTexts } from './field-texts';
import { PictureInput } from './pictures';

// The search and sharing fields of an item (decision 053): each shows what the page uses while it
// is empty (the page's title with the site's name, the summary, the first picture), and a text
// counts its characters against the length search engines show, warning past it: advice, not a
// limit (the server refuses only past the field's hard maximum).

type Lang = (typeof contentLanguages)[number];
type Texts = Partial<Record<Lang, string>> | null | undefined;

/** The site's name in a language, as the public pages' <title> ends with it (their strings). */
function useSiteNames(): Partial<Record<Lang, string>> {
  const { data } = useQuery({
    queryKey: ['site-names'],
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const names = await Promise.all(
        contentLanguages.map(async (lang) => {
          const res = await fetch(`/locales/${lang}/translation.json`);
          const strings = res.ok ? ((await res.json()) as { site?: { name?: string } }) : {};
          return [lang, strings.site?.name ?? ''] as const;
        }),
      );
      return Object.fromEntries(names) as Record<Lang, string>;
    },
  });
  return data ?? {};
}

/** A text in a language as the site shows it: the language's, or the Russian one. */
const inLanguage = (texts: Texts, lang: Lang) => texts?.[lang]?.trim() || texts?.ru?.trim() || '';

/** What the page uses while a search text is empty, in each language. */
function useDefaults(section: EditableSection, field: EditorialField): Record<Lang, string> {
  const siteNames = useSiteNames();
  const title = useWatch({ name: `document.${titleOf(section)}` }) as Texts;
  const annotation = useWatch({ name: 'document.annotation' }) as Texts;
  // a rich text: a document per language (a stored plain text is read as one); an information
  // page's is its body
  const rich = editorial[section].fields.find((f) => f.kind === 'rich')?.name ?? 'description';
  const description = useWatch({ name: `document.${rich}` }) as unknown;
  return Object.fromEntries(
    contentLanguages.map((lang) => [
      lang,
      field.kind === 'text'
        ? documentTitle(inLanguage(title, lang), siteNames[lang] ?? '')
        : derivedDescription(inLanguage(annotation, lang) || docToPlain(richIn(description, lang)).trim()),
    ]),
  ) as Record<Lang, string>;
}

/** The characters of one language's text against the advised length, saying when it is over. */
function LengthCount({ source, advised, empty }: { source: string; advised: number; empty: string }) {
  const translate = useTranslate();
  const value = (useWatch({ name: source }) as string | undefined) ?? '';
  const length = [...value].length;
  const over = length > advised;
  return (
    <Box component="span" sx={{ display: 'block' }}>
      <Box
        component="span"
        role="status"
        sx={{
          display: 'block',
          color: over ? 'warning.dark' : undefined,
          fontWeight: over ? 600 : undefined,
        }}
      >
        {translate(over ? 'admin.content.seo.over' : 'admin.content.seo.count', { length, advised })}
      </Box>
      {!value.trim() && (
        <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
          {translate('admin.content.seo.empty_uses', { text: empty || '—' })}
        </Box>
      )}
    </Box>
  );
}

/** A search title or description: three languages, each with its default and its count. */
export function SearchTextInput({
  section,
  field,
}: {
  section: EditableSection;
  field: Extract<EditorialField, { kind: 'text' | 'long' }> & { advised: number };
}) {
  const translate = useTranslate();
  const defaults = useDefaults(section, field);
  const source = `document.${field.name}`;
  return (
    <TranslatedTexts
      source={source}
      label={translate(fieldLabel(section, field.name))}
      long={field.kind === 'long'}
      required={false}
      rows={2}
      maxLength={field.max}
      placeholder={(lang) => defaults[lang]}
      helper={(lang) => (
        <LengthCount source={`${source}.${lang}`} advised={field.advised} empty={defaults[lang]} />
      )}
    />
  );
}

/** The share picture: one of the item's pictures or the media library's; empty, the first picture. */
export function SharePictureInput({ section, name }: { section: EditableSection; name: string }) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const source = `document.${name}`;
  const value = useWatch({ name: source }) as string | null | undefined;
  const images = (useWatch({ name: 'document.images' }) as string[] | undefined) ?? [];
  const first = images[0];
  return (
    <Box sx={{ width: '100%' }}>
      <PictureInput
        source={source}
        label={translate(fieldLabel(section, name))}
        empty={
          first ? (
            <Stack spacing={0.5}>
              <img
                src={`/media/${first}/320.webp`}
                alt=""
                style={{ width: 160, height: 90, objectFit: 'cover', opacity: 0.6 }}
              />
              <Typography variant="caption" color="text.secondary">
                {translate('admin.content.seo.first_picture')}
              </Typography>
            </Stack>
          ) : (
            <Typography variant="body2">{translate('admin.content.seo.no_picture')}</Typography>
          )
        }
        extra={
          value ? (
            <Button size="small" onClick={() => setValue(source, null, { shouldDirty: true })}>
              {translate('admin.content.seo.use_first')}
            </Button>
          ) : null
        }
      />
      {images.length > 1 && (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
          <Typography component="legend" variant="body2" sx={{ mb: 0.5 }}>
            {translate('admin.content.seo.from_pictures')}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {images.map((id, n) => (
              <Button
                key={id}
                variant={value === id ? 'contained' : 'outlined'}
                aria-pressed={value === id}
                aria-label={translate('admin.content.seo.picture_n', { n: n + 1 })}
                onClick={() => setValue(source, id, { shouldDirty: true })}
                sx={{ p: 0.25, minWidth: 0 }}
              >
                <img
                  src={`/media/${id}/320.webp`}
                  alt=""
                  style={{ width: 64, height: 40, objectFit: 'cover' }}
                />
              </Button>
            ))}
          </Stack>
        </Box>
      )}
    </Box>
  );
}
