import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { required, TextInput, useTranslate } from 'react-admin';
import { contentLanguages, type EditableSection } from '../../../common/editorial';

// What the form of a section (fields.tsx) and its inputs kept in their own modules (rich-text.tsx,
// search-fields.tsx) show: a field's label and a text in three languages. It lives apart from them
// so that none imports the form.

/** The label of a section's field (resources.content/<section>.fields.<name>). */
export const fieldLabel = (section: EditableSection, name: string) =>
  `resources.content/${section}.fields.${name}`;

/** How the form marks each language of a translated text (the inputs' labels). */
export const languageMarks: Record<(typeof contentLanguages)[number], string> = {
  ru: 'RU',
  en: 'EN',
  zh: '中文',
};

/**
 * The three languages' inputs of the translated text at `source` (`<source>.ru`, `.en`, `.zh`).
 * `rows`: the lines a long text starts with; `quiet`: no legend shown, the group named for screen
 * readers only (a block of a page already says what it is above its inputs); `placeholder` and
 * `helper`: what a language's input shows while empty and below it; `maxLength`: the most
 * characters the server takes.
 */
export function TranslatedTexts({
  source,
  label,
  long,
  required: isRequired,
  rows = 3,
  quiet = false,
  placeholder,
  helper,
  maxLength,
}: {
  source: string;
  label: string;
  long: boolean;
  required: boolean;
  rows?: number;
  quiet?: boolean;
  placeholder?: (lang: (typeof contentLanguages)[number]) => string;
  helper?: (lang: (typeof contentLanguages)[number]) => ReactNode;
  maxLength?: number | undefined;
}) {
  const translate = useTranslate();
  return (
    <Box
      component="fieldset"
      sx={{ border: 0, p: 0, m: 0, width: '100%' }}
      {...(quiet ? { 'aria-label': label } : {})}
    >
      {!quiet && (
        <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
          {label}
        </Typography>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 0, md: 2 }} sx={{ width: '100%' }}>
        {contentLanguages.map((lang) => (
          <TextInput
            key={lang}
            source={`${source}.${lang}`}
            label={translate('admin.content.in_language', { field: label, language: languageMarks[lang] })}
            multiline={long}
            minRows={long ? rows : undefined}
            validate={lang === 'ru' && isRequired ? required() : undefined}
            sx={{ flex: 1, minWidth: 0 }}
            fullWidth
            lang={lang === 'zh' ? 'zh-Hans' : lang}
            {...(placeholder ? { placeholder: placeholder(lang) } : {})}
            {...(helper ? { helperText: helper(lang) } : {})}
            {...(placeholder || maxLength
              ? {
                  slotProps: {
                    ...(placeholder ? { inputLabel: { shrink: true } } : {}),
                    ...(maxLength ? { htmlInput: { maxLength } } : {}),
                  },
                }
              : {})}
          />
        ))}
      </Stack>
    </Box>
  );
}
