import MailIcon from '@mui/icons-material/Mail';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Chip, Link, Stack, type Theme, Typography, useMediaQuery } from '@mui/material';
import {
  BooleanInput,
  Button,
  Create,
  CreateButton,
  DataTable,
  Edit,
  FunctionField,
  List,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  SimpleList,
  TextInput,
  Toolbar,
  TopToolbar,
  useGetIdentity,
  useNotify,
  useRecordContext,
  useRedirect,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink } from 'react-router';
import type { StaffAccount } from '../../../common/admin-api';
import { DateField } from '../i18n/dates';
import { errorText } from '../providers/error-text';
import { api } from '../providers/http';

const roleChoices = [
  { id: 'editor', name: 'admin.accounts.roles.editor' },
  { id: 'admin', name: 'admin.accounts.roles.admin' },
];

type State = 'active' | 'invited' | 'disabled';
const stateOf = (a: StaffAccount): State => (a.disabled ? 'disabled' : a.invited ? 'invited' : 'active');
const stateColour: Record<State, 'success' | 'default' | 'warning'> = {
  active: 'success',
  invited: 'default',
  disabled: 'warning',
};

function StateChip() {
  const translate = useTranslate();
  const account = useRecordContext<StaffAccount>();
  if (!account) return null;
  const state = stateOf(account);
  return (
    <Chip
      size="small"
      variant={state === 'active' ? 'outlined' : 'filled'}
      color={stateColour[state]}
      label={translate(`admin.accounts.states.${state}`)}
    />
  );
}

/** Mails the account a one-time link: the invitation again, or a link to choose a new password. */
function ResetButton() {
  const account = useRecordContext<StaffAccount>();
  const notify = useNotify();
  const translate = useTranslate();
  const refresh = useRefresh();
  if (!account || account.disabled) return null;
  return (
    <Button
      label={account.invited ? 'admin.accounts.reset_invite' : 'admin.accounts.reset'}
      onClick={async (event) => {
        event.stopPropagation();
        try {
          await api('POST', `/accounts/${account.id}/reset`);
          notify('admin.accounts.reset_sent', { type: 'success', messageArgs: { email: account.email } });
          refresh();
        } catch (error) {
          notify(errorText(translate, error), { type: 'error' });
        }
      }}
    >
      <MailIcon />
    </Button>
  );
}

function NameField() {
  const account = useRecordContext<StaffAccount>();
  const { identity } = useGetIdentity();
  const translate = useTranslate();
  if (!account) return null;
  return (
    <Stack>
      {/* A link, not only the row's click: the keyboard reaches the account through it. */}
      <Typography variant="body2">
        <Link
          component={RouterLink}
          to={`/accounts/${account.id}`}
          sx={{ fontWeight: 500 }}
          onClick={(event) => event.stopPropagation()}
        >
          {account.name || account.email}
        </Link>
        {identity?.id === account.id && ` (${translate('admin.accounts.you')})`}
      </Typography>
      {account.name && (
        <Typography variant="body2" color="text.secondary">
          {account.email}
        </Typography>
      )}
    </Stack>
  );
}

function ListActions() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    // On a phone the button floats over the list: the bar itself takes no room.
    <TopToolbar sx={phone ? { minHeight: 0, p: 0 } : undefined}>
      <CreateButton label="admin.accounts.invite" icon={<PersonAddIcon />} />
    </TopToolbar>
  );
}

/**
 * The staff accounts: who they are, their role and state, and what an admin can do about each. On a
 * phone a list of names (the table would be wider than the screen); a tap opens the account.
 */
export function AccountList() {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List actions={<ListActions />} pagination={false} perPage={1000} sort={{ field: 'id', order: 'ASC' }}>
      {phone ? (
        <SimpleList<StaffAccount>
          primaryText={(a) => a.name || a.email}
          secondaryText={(a) => (a.name ? a.email : '')}
          tertiaryText={(a) =>
            `${translate(`admin.accounts.roles.${a.role}`)}, ${translate(`admin.accounts.states.${stateOf(a)}`)}`
          }
          linkType="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="name" label="resources.accounts.fields.name" disableSort>
            <NameField />
          </DataTable.Col>
          <DataTable.Col
            source="role"
            disableSort
            render={(a: StaffAccount) => translate(`admin.accounts.roles.${a.role}`)}
          />
          <DataTable.Col source="status" label="admin.accounts.status" disableSort>
            <StateChip />
          </DataTable.Col>
          <DataTable.Col
            source="totp_enabled"
            label="admin.accounts.totp"
            disableSort
            render={(a: StaffAccount) =>
              translate(a.totp_enabled ? 'admin.accounts.totp_on' : 'admin.accounts.totp_off')
            }
          />
          <DataTable.Col source="last_seen_at" disableSort>
            <FunctionField
              render={(a: StaffAccount) =>
                a.last_seen_at ? (
                  <DateField source="last_seen_at" showTime />
                ) : (
                  translate('admin.accounts.never')
                )
              }
            />
          </DataTable.Col>
          <DataTable.Col label={false}>
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <ResetButton />
            </Stack>
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}

/** Invites a member of staff: the account, and a mail with a one-time link to choose a password. */
export function AccountCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      title="admin.accounts.invite_title"
      mutationOptions={{
        // Given here, it replaces react-admin's own: the redirect is ours to do as well.
        onSuccess: (account: StaffAccount) => {
          notify('admin.accounts.invited', { type: 'success', messageArgs: { email: account.email } });
          redirect('list', 'accounts');
        },
      }}
    >
      <SimpleForm
        defaultValues={{ role: 'editor' }}
        toolbar={
          <Toolbar>
            <SaveButton label="admin.accounts.invite" icon={<PersonAddIcon />} />
          </Toolbar>
        }
      >
        <Typography sx={{ mb: 2 }}>{useTranslate()('admin.accounts.invite_help')}</Typography>
        <TextInput source="email" type="email" validate={required()} autoComplete="off" />
        <TextInput source="name" autoComplete="off" />
        <SelectInput
          source="role"
          choices={roleChoices}
          validate={required()}
          helperText="admin.accounts.role_help"
        />
      </SimpleForm>
    </Create>
  );
}

function EditToolbar() {
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
}

function EditTitle() {
  const account = useRecordContext<StaffAccount>();
  return <>{account ? account.name || account.email : ''}</>;
}

/** Changes an account: name, role, disabled; lifts its lock or mails it a link. */
export function AccountEdit() {
  return (
    <Edit
      title={<EditTitle />}
      mutationMode="pessimistic"
      actions={
        <TopToolbar>
          <ResetButton />
        </TopToolbar>
      }
    >
      <SimpleForm toolbar={<EditToolbar />}>
        <TextInput source="email" disabled />
        <TextInput source="name" />
        <SelectInput
          source="role"
          choices={roleChoices}
          validate={required()}
          helperText="admin.accounts.role_help"
        />
        <BooleanInput source="disabled" />
      </SimpleForm>
    </Edit>
  );
}
