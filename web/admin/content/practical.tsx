import { Box, Stack, Typography } from '@mui/material';
import {
  ArrayInput,
  CheckboxGroupInput,
  NumberInput,
  regex,
  required,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { accessibilityFacts } from '../../../common/accessibility';
import { type EditableSection, editorial } from '../../../common/editorial';
import { type FactSourcesT, factsOf } from '../../../common/fact-sources';
import { DayInput } from '../i18n/date-inputs';

// The practical facts of a place in the form: its weekly schedule by seasons, its price and its
// accessibility facts. Unknown stays unknown: an empty schedule or price, a fact left at "not known".
// What a save sends is made by `practicalToSave` (document.ts); the server checks it with the API's
// schemas (common/api.ts).

const label = (section: EditableSection, name: string) => `resources.content/${section}.fields.${name}`;
const timeRule = regex(/^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$/, 'admin.practical.time');
const monthDayRule = regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$/, 'admin.practical.monthDay');
const datesRule = regex(/^\s*(\d{4}-\d{2}-\d{2}\s*(,\s*\d{4}-\d{2}-\d{2}\s*)*)?$/, 'admin.practical.dates');
const weekdays = [1, 2, 3, 4, 5, 6, 7] as const;

function Legend({ text }: { text: string }) {
  return (
    <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
      {text}
    </Typography>
  );
}

/** Seasons (from/to as MM-DD, or none: every day), each with its opening times, then the closed days. */
export function HoursInput({ section }: { section: EditableSection }) {
  const translate = useTranslate();
  const days = weekdays.map((d) => ({ id: d, name: translate(`admin.practical.day${d}`) }));
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, width: '100%' }}>
      <Legend text={translate(label(section, 'opening_hours'))} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('admin.practical.hoursHelp')}
      </Typography>
      <ArrayInput source="document.opening_hours.seasons" label="admin.practical.seasons">
        <SimpleFormIterator disableReordering={false} fullWidth>
          <TextInput source="from" label="admin.practical.from" validate={monthDayRule} placeholder="05-01" />
          <TextInput source="to" label="admin.practical.to" validate={monthDayRule} placeholder="09-30" />
          <ArrayInput source="hours" label="admin.practical.times">
            <SimpleFormIterator inline>
              <CheckboxGroupInput
                source="days"
                label="admin.practical.days"
                choices={days}
                validate={required()}
              />
              <TextInput source="opens" label="admin.practical.opens" validate={[required(), timeRule]} />
              <TextInput source="closes" label="admin.practical.closes" validate={[required(), timeRule]} />
            </SimpleFormIterator>
          </ArrayInput>
        </SimpleFormIterator>
      </ArrayInput>
      <TextInput
        source="document.opening_hours.closed_dates"
        label="admin.practical.closedDates"
        format={(v: unknown) => (Array.isArray(v) ? v.join(', ') : ((v as string | undefined) ?? ''))}
        parse={(v: string) => v}
        validate={datesRule}
        fullWidth
      />
      <ArrayInput source="document.opening_hours.closed_monthly" label="admin.practical.monthly">
        <SimpleFormIterator inline>
          <SelectInput
            source="week"
            label="admin.practical.week"
            choices={[1, 2, 3, 4, -1].map((w) => ({ id: w, name: translate(`admin.practical.week${w}`) }))}
            validate={required()}
          />
          <SelectInput source="day" label="admin.practical.weekday" choices={days} validate={required()} />
        </SimpleFormIterator>
      </ArrayInput>
    </Box>
  );
}

/** Free, or from min (to max) roubles, or not known. */
export function AdmissionInput({ section }: { section: EditableSection }) {
  const translate = useTranslate();
  const free = useWatch({ name: 'document.admission.free' }) as boolean | null | undefined;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, width: '100%' }}>
      <Legend text={translate(label(section, 'admission'))} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 0, md: 2 }}>
        <SelectInput
          source="document.admission.free"
          label="admin.practical.admission"
          choices={[
            { id: 'free', name: 'admin.practical.free' },
            { id: 'paid', name: 'admin.practical.paid' },
          ]}
          emptyText="admin.practical.unknown"
          format={(v: unknown) => (v === true ? 'free' : v === false ? 'paid' : '')}
          parse={(v: string) => (v === 'free' ? true : v === 'paid' ? false : null)}
        />
        {free === false && (
          <>
            <NumberInput
              source="document.admission.min"
              label="admin.practical.min"
              min={0}
              validate={required()}
            />
            <NumberInput source="document.admission.max" label="admin.practical.max" min={0} />
          </>
        )}
      </Stack>
    </Box>
  );
}

/** Each fact of the vocabulary: yes, no, or not known. */
export function AccessibilityInput({ section }: { section: EditableSection }) {
  const translate = useTranslate();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, width: '100%' }}>
      <Legend text={translate(label(section, 'accessibility'))} />
      <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2 }}>
        {accessibilityFacts.map((fact) => (
          <SelectInput
            key={fact}
            source={`document.accessibility.${fact}`}
            label={`admin.practical.${fact}`}
            choices={[
              { id: 'yes', name: 'admin.practical.yes' },
              { id: 'no', name: 'admin.practical.no' },
            ]}
            emptyText="admin.practical.unknown"
            format={(v: unknown) => (v === true ? 'yes' : v === false ? 'no' : '')}
            parse={(v: string) => (v === 'yes' ? true : v === 'no' ? false : null)}
          />
        ))}
      </Stack>
    </Box>
  );
}

/**
 * Where each fact came from and when it was checked (decision 047): the stored source, read only,
 * and a day to say "checked with the venue on" for a fact. A fact changed without such a day is
 * recorded as entered by staff today when saved.
 */
export function SourcesInput({ section }: { section: EditableSection }) {
  const translate = useTranslate();
  const sources = (useWatch({ name: 'document.fact_sources' }) ?? {}) as FactSourcesT;
  const document = (useWatch({ name: 'document' }) ?? {}) as Record<string, unknown>;
  // a fact the form leaves unknown has nothing to check with the venue
  const known = (fact: string) => {
    const v = document[fact] as Record<string, unknown> | string | null | undefined;
    if (fact === 'opening_hours')
      return (
        Array.isArray((v as { seasons?: unknown[] })?.seasons) &&
        (v as { seasons: unknown[] }).seasons.length > 0
      );
    if (fact === 'admission') return typeof (v as { free?: unknown })?.free === 'boolean';
    if (fact === 'accessibility')
      return Object.values((v ?? {}) as object).some((x) => typeof x === 'boolean');
    if (fact === 'avg_bill') return typeof v === 'number';
    return typeof v === 'string' && v.trim() !== '';
  };
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, width: '100%' }} data-testid="fact-sources">
      <Legend text={translate(label(section, 'fact_sources'))} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('admin.facts.help')}
      </Typography>
      {factsOf(editorial[section].fields).map((fact) => {
        const s = sources[fact];
        return (
          <Stack key={fact} direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, alignItems: 'center' }}>
            <Typography variant="body2" sx={{ minWidth: 200 }}>
              {translate(label(section, fact))}:{' '}
              {s
                ? `${translate(`admin.facts.source_${s.source}`)} · ${s.checked}${s.ref ? ` · ${s.ref}` : ''}${s.note ? ` · ${s.note}` : ''}`
                : translate('admin.facts.none')}
            </Typography>
            {known(fact) && (
              <DayInput source={`facts_checked.${fact}`} label="admin.facts.checkedWithVenue" />
            )}
          </Stack>
        );
      })}
    </Box>
  );
}
