import { Stack } from '@mui/material';
import { useMemo } from 'react';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  maxValue,
  minValue,
  NumberInput,
  regex,
  required,
  SelectInput,
  TextInput,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Email, Key, LocalLink, Phone, tourismIcons, Url } from '../../../common/content-fields';
import type { EditableSection, EditorialField, ReferenceSource } from '../../../common/editorial';
import { DayInput } from '../i18n/date-inputs';
import { useDirectory } from './directories';
import { fieldLabel, TranslatedTexts } from './field-texts';
import { LineInput } from './line';
import { PictureInput, PicturesInput } from './pictures';
import { PointInput } from './point';
import { AccessibilityInput, AdmissionInput, HoursInput, SourcesInput } from './practical';
import { RichTextInput } from './rich-text';
import { SearchTextInput, SharePictureInput } from './search-fields';

/**
 * A text in three languages, side by side on a wide screen and one under another on a phone.
 * Russian is what the site falls back to: it is required when the field is.
 */
function TranslatedInput({ section, field }: { section: EditableSection; field: EditorialField }) {
  const translate = useTranslate();
  return (
    <TranslatedTexts
      source={`document.${field.name}`}
      label={translate(fieldLabel(section, field.name))}
      long={field.kind === 'long'}
      required={'required' in field && field.required === true}
    />
  );
}

/** One id of a directory (a searchable list), or several (`many`). A town's list follows the district. */
function ReferenceInput({
  section,
  field,
}: {
  section: EditableSection;
  field: Extract<EditorialField, { kind: 'reference' }>;
}) {
  const { data = [], isPending } = useDirectory(field.source as ReferenceSource);
  const district = useWatch({ name: 'document.district_id' }) as number | null | undefined;
  const choices = useMemo(
    () =>
      field.source === 'city' && district
        ? data.filter((c) => c.district === undefined || c.district === district)
        : data,
    [data, district, field.source],
  );
  const common = {
    source: `document.${field.name}`,
    label: fieldLabel(section, field.name),
    choices,
    isPending,
    fullWidth: true,
  };
  if (field.many)
    return <AutocompleteArrayInput {...common} validate={field.required ? required() : undefined} />;
  return <AutocompleteInput {...common} validate={field.required ? required() : undefined} />;
}

// The rules of common/content-fields.ts, checked in the form before the server checks them again.
// Each says what the value looks like, with an example: react-admin's own message shows the
// pattern, which an editor cannot read (and a RegExp prints as "[object Object]").
const rule = (schema: unknown, message: string) =>
  regex(new RegExp((schema as { pattern: string }).pattern), message);
const urlRule = rule(Url, 'admin.validation.url');
const phoneRule = rule(Phone, 'admin.validation.phone');
const keyRule = rule(Key, 'admin.validation.key');
const emailRule = rule(Email, 'admin.validation.email');
const linkRule = rule(LocalLink, 'admin.validation.link');

/**
 * The input of one field of a section, chosen by its kind (common/editorial.ts): every section's form
 * is made of these, so a field added there appears in the form without a screen to write.
 */
export function FieldInput({ section, field }: { section: EditableSection; field: EditorialField }) {
  const source = `document.${field.name}`;
  const label = fieldLabel(section, field.name);
  switch (field.kind) {
    case 'text':
    case 'long':
      // a text with an advised length is a search text: its default and its count (decision 053)
      return field.advised ? (
        <SearchTextInput section={section} field={{ ...field, advised: field.advised }} />
      ) : (
        <TranslatedInput section={section} field={field} />
      );
    case 'rich':
      return <RichTextInput section={section} field={field} />;
    case 'integer':
    case 'number': {
      const rules = [minValue(field.min), maxValue(field.max)];
      return (
        <NumberInput
          source={source}
          label={label}
          min={field.min}
          max={field.max}
          step={field.kind === 'integer' ? 1 : 0.1}
          validate={field.required ? [required(), ...rules] : rules}
        />
      );
    }
    case 'boolean':
      return <BooleanInput source={source} label={label} />;
    case 'date':
      return <DayInput source={source} label={label} validate={field.required ? required() : undefined} />;
    case 'url':
      return (
        <TextInput
          source={source}
          label={label}
          type="url"
          validate={field.required ? [required(), urlRule] : urlRule}
          fullWidth
        />
      );
    case 'phone':
      return (
        <TextInput
          source={source}
          label={label}
          type="tel"
          validate={field.required ? [required(), phoneRule] : phoneRule}
        />
      );
    case 'key':
      return field.choices ? (
        <SelectInput
          source={source}
          label={label}
          choices={field.choices.map((c) => ({ id: c, name: c }))}
          validate={required()}
        />
      ) : (
        <TextInput source={source} label={label} validate={[required(), keyRule]} />
      );
    case 'icon':
      return (
        <SelectInput
          source={source}
          label={label}
          choices={tourismIcons.map((i) => ({ id: i, name: i }))}
          optionText={(c: { id: string }) => (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <img src={`/icons/tourism/${c.id}.svg`} alt="" width={24} height={24} />
              <span>{c.id}</span>
            </Stack>
          )}
          validate={required()}
        />
      );
    case 'email':
      return <TextInput source={source} label={label} type="email" validate={[required(), emailRule]} />;
    case 'link':
      return <TextInput source={source} label={label} validate={[required(), linkRule]} />;
    case 'picture':
      return field.required ? (
        <PictureInput source={source} label={label} />
      ) : (
        <SharePictureInput section={section} name={field.name} />
      );
    case 'reference':
      return <ReferenceInput section={section} field={field} />;
    case 'point':
      return <PointInput section={section} />;
    case 'line':
      return <LineInput section={section} />;
    case 'pictures':
      return <PicturesInput section={section} />;
    case 'hours':
      return <HoursInput section={section} />;
    case 'admission':
      return <AdmissionInput section={section} />;
    case 'accessibility':
      return <AccessibilityInput section={section} />;
    case 'sources':
      return <SourcesInput section={section} />;
  }
}
