import DownloadIcon from '@mui/icons-material/Download';
import { Button, Chip } from '@mui/material';
import {
  DataTable,
  DeleteButton,
  FilterButton,
  List,
  SearchInput,
  SelectInput,
  TopToolbar,
  useListContext,
  useTranslate,
} from 'react-admin';
import { DateField } from '../i18n/dates';

type State = 'confirmed' | 'unconfirmed' | 'unsubscribed';
const states: State[] = ['confirmed', 'unconfirmed', 'unsubscribed'];

interface Subscriber {
  id: number;
  email: string;
  lang: string;
  state: State;
  created_at: string;
}

/** The CSV of the subscribers the filters pick (the server makes it; a plain link downloads it). */
function CsvLink() {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const query = new URLSearchParams(
    Object.entries(filterValues as Record<string, string>).filter(([, v]) => v !== undefined && v !== ''),
  ).toString();
  return (
    <Button
      size="small"
      startIcon={<DownloadIcon />}
      href={`/api/admin/subscribers.csv${query ? `?${query}` : ''}`}
      download
    >
      {translate('admin.visitors.subscribers.csv')}
    </Button>
  );
}

/** The newsletter's subscribers: search by address, filter by state, export, remove. */
export function SubscriberList() {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput
      key="state"
      source="state"
      label="resources.subscribers.fields.state"
      choices={states.map((s) => ({ id: s, name: translate(`admin.visitors.subscribers.states.${s}`) }))}
      alwaysOn
    />,
  ];
  return (
    <List
      filters={filters}
      sort={{ field: '', order: 'DESC' }}
      perPage={50}
      actions={
        <TopToolbar>
          <FilterButton />
          <CsvLink />
        </TopToolbar>
      }
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="email" disableSort />
        <DataTable.Col source="lang" disableSort />
        <DataTable.Col
          source="state"
          disableSort
          render={(s: Subscriber) => (
            <Chip
              size="small"
              variant={s.state === 'confirmed' ? 'outlined' : 'filled'}
              color={s.state === 'confirmed' ? 'success' : 'default'}
              label={translate(`admin.visitors.subscribers.states.${s.state}`)}
            />
          )}
        />
        <DataTable.Col source="created_at" disableSort>
          <DateField source="created_at" showTime />
        </DataTable.Col>
        <DataTable.Col label={false}>
          <DeleteButton mutationMode="pessimistic" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
