import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS as pickersEn, ruRU as pickersRu } from '@mui/x-date-pickers/locales';
import { format, isValid, parseISO } from 'date-fns';
import { enGB, ru } from 'date-fns/locale';
import { type ReactNode, useState } from 'react';
import { FieldTitle, InputHelperText, useInput, useLocaleState, type Validator } from 'react-admin';

// The back office's date inputs: MUI X pickers in the interface's language (27.11.2026 and a
// Russian calendar in Russian, a British day-first order in English), where the browser's own date
// input follows the browser's locale (mm/dd/yyyy for a Russian editor on an English system). The
// form keeps the value the API takes: `YYYY-MM-DD` for a date, an ISO string for a moment.

/**
 * A date the picker cannot make a day of (31.02.2026): the form does not send it. A date typed only
 * in part is no value at all to the picker, and `required` says so.
 */
const unfinished = 'unfinished-date';

const notFinished: Validator = (value) => (value === unfinished ? 'admin.dates.unfinished' : undefined);

/** The interface language's calendar: date-fns for the names and order, MUI X for its own words. */
function InLanguage({ children }: { children: ReactNode }) {
  const [locale] = useLocaleState();
  const english = locale === 'en';
  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={english ? enGB : ru}
      localeText={
        (english ? pickersEn : pickersRu).components.MuiLocalizationProvider.defaultProps.localeText
      }
    >
      {children}
    </LocalizationProvider>
  );
}

interface DateInputProps {
  source: string;
  label: string;
  validate?: Validator | Validator[] | undefined;
}

const validators = (validate: DateInputProps['validate']) => [
  notFinished,
  ...(Array.isArray(validate) ? validate : validate ? [validate] : []),
];

/** The field's look of react-admin's own inputs (filled, small, dense), with its label and errors. */
function useDateInput(props: DateInputProps) {
  const input = useInput({ source: props.source, validate: validators(props.validate) });
  const { field, fieldState, isRequired } = input;
  // What the editor is typing, kept while it is not a date yet: the picker keeps its sections only
  // when it gets back the value it gave.
  const [typed, setTyped] = useState<Date | null>(null);
  return {
    field,
    typed,
    setTyped,
    label: <FieldTitle label={props.label} source={props.source} isRequired={isRequired} />,
    textField: {
      name: field.name,
      onBlur: field.onBlur,
      variant: 'filled' as const,
      size: 'small' as const,
      margin: 'dense' as const,
      className: 'ra-input',
      // As wide as a date and time need, as react-admin's own inputs: not the row's whole width.
      sx: { width: { xs: '100%', sm: 280 }, flexShrink: 0 },
      error: fieldState.invalid,
      // react-admin's own helper text, which translates the validators' messages.
      helperText: <InputHelperText error={fieldState.error?.message} />,
    },
  };
}

/** A day (`YYYY-MM-DD`) picked in the interface's language. */
export function DayInput(props: DateInputProps) {
  const { field, label, textField, typed, setTyped } = useDateInput(props);
  const day =
    typeof field.value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(field.value) ? parseISO(field.value) : null;
  return (
    <InLanguage>
      <DatePicker
        label={label}
        value={field.value === unfinished ? typed : day}
        onChange={(date) => {
          setTyped(date);
          field.onChange(date === null ? null : isValid(date) ? format(date, 'yyyy-MM-dd') : unfinished);
        }}
        slotProps={{ textField }}
      />
    </InLanguage>
  );
}

/** A moment (an ISO string), its day and time picked in the interface's language (24-hour clock). */
export function MomentInput(props: DateInputProps) {
  const { field, label, textField, typed, setTyped } = useDateInput(props);
  const moment = typeof field.value === 'string' ? new Date(field.value) : null;
  return (
    <InLanguage>
      <DateTimePicker
        label={label}
        value={field.value === unfinished ? typed : moment && isValid(moment) ? moment : null}
        ampm={false}
        onChange={(date) => {
          setTyped(date);
          field.onChange(date === null ? null : isValid(date) ? date.toISOString() : unfinished);
        }}
        slotProps={{ textField }}
      />
    </InLanguage>
  );
}
