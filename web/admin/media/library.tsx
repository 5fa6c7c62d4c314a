import { Alert, Box, Chip, Stack, Typography } from '@mui/material';
import type { MouseEvent } from 'react';
import {
  DataTable,
  DeleteButton,
  Edit,
  List,
  SaveButton,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import type { Photo } from '../../../common/admin-api';
import { contentLanguages } from '../../../common/editorial';
import { DateField } from '../i18n/dates';

// The media library as a screen of its own: every photo with where it shows, which alt texts it
// lacks, its focal point set by a click on the picture, and the photos nothing uses, to delete.

const picture = (id: string, width: 320 | 960) => `/media/${id}/${width}.webp`;

/** The alt texts a photo lacks, or that it has them all. */
function AltState({ photo }: { photo: Photo }) {
  const translate = useTranslate();
  if (!photo.missing_alt.length)
    return (
      <Chip size="small" variant="outlined" color="success" label={translate('admin.media.alt_complete')} />
    );
  return (
    <Chip
      size="small"
      color="warning"
      label={translate('admin.media.alt_missing', {
        languages: photo.missing_alt.map((l) => l.toUpperCase()).join(', '),
      })}
    />
  );
}

/** The items that show a photo, each a link to its form; "not used" when none. */
function Uses({ photo }: { photo: Photo }) {
  const translate = useTranslate();
  if (!photo.used_by.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('admin.media.unused')}
      </Typography>
    );
  return (
    <Stack component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }} spacing={0.5}>
      {photo.used_by.map((u) => (
        <li key={`${u.kind}.${u.id}`}>
          <Link to={`/content/${u.kind}/${u.id}`} onClick={(e) => e.stopPropagation()}>
            {u.title || `№ ${u.id}`}
          </Link>{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            ({translate(`resources.content/${u.kind}.name`, { smart_count: 1, _: u.kind })})
          </Typography>
        </li>
      ))}
    </Stack>
  );
}

/** Every photo of the library: search, the ones lacking alt text, the unused ones. */
export function MediaList() {
  const translate = useTranslate();
  const yesNo = (key: string) => [
    { id: 'true', name: translate(`admin.media.filters.${key}_yes`) },
    { id: 'false', name: translate(`admin.media.filters.${key}_no`) },
  ];
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="missing_alt" source="missing_alt" choices={yesNo('missing_alt')} alwaysOn />,
    <SelectInput key="unused" source="unused" choices={yesNo('unused')} alwaysOn />,
  ];
  return (
    <List filters={filters} sort={{ field: 'created_at', order: 'DESC' }} perPage={25} exporter={false}>
      <DataTable bulkActionButtons={false} rowClick="edit">
        <DataTable.Col
          source="id"
          label="resources.media.fields.picture"
          disableSort
          render={(p: Photo) => (
            <Box
              component="img"
              src={picture(p.id, 320)}
              alt={p.alt.ru ?? ''}
              loading="lazy"
              sx={{
                width: 96,
                height: 64,
                objectFit: 'cover',
                objectPosition: `${p.focal_x * 100}% ${p.focal_y * 100}%`,
                display: 'block',
              }}
            />
          )}
        />
        <DataTable.Col source="original_name" />
        <DataTable.Col source="missing_alt" disableSort render={(p: Photo) => <AltState photo={p} />} />
        <DataTable.Col source="used_by" disableSort render={(p: Photo) => <Uses photo={p} />} />
        <DataTable.Col
          source="bytes"
          render={(p: Photo) => `${p.width}×${p.height}, ${Math.max(1, Math.round(p.bytes / 1024))} KB`}
        />
        <DataTable.Col source="created_at">
          <DateField source="created_at" showTime />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

/**
 * The photo with its focal point: a click on the picture moves the point there (what a card's crop
 * keeps in view); the numbers beside it are the keyboard's way.
 */
function FocalPoint() {
  const translate = useTranslate();
  const photo = useRecordContext<Photo>();
  const { setValue } = useFormContext();
  const x = Number(useWatch({ name: 'focal_x' }) ?? 0.5);
  const y = Number(useWatch({ name: 'focal_y' }) ?? 0.5);
  if (!photo) return null;
  const pick = (e: MouseEvent<HTMLElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const round = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 100) / 100;
    setValue('focal_x', round((e.clientX - box.left) / box.width), { shouldDirty: true });
    setValue('focal_y', round((e.clientY - box.top) / box.height), { shouldDirty: true });
  };
  return (
    <Stack spacing={1} sx={{ width: '100%', maxWidth: 640, mb: 2 }}>
      <Typography variant="body2" color="text.secondary" id="focal-help">
        {translate('admin.media.focal_help')}
      </Typography>
      <Box
        onClick={pick}
        sx={{ position: 'relative', cursor: 'crosshair', lineHeight: 0 }}
        data-testid="focal-picture"
      >
        <Box
          component="img"
          src={picture(photo.id, 960)}
          alt={photo.alt.ru ?? ''}
          aria-describedby="focal-help"
          sx={{ width: '100%', height: 'auto', display: 'block' }}
        />
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            left: `${x * 100}%`,
            top: `${y * 100}%`,
            width: 28,
            height: 28,
            ml: '-14px',
            mt: '-14px',
            borderRadius: '50%',
            border: '3px solid #fff',
            boxShadow: '0 0 0 2px #1565c0, inset 0 0 0 2px #1565c0',
            pointerEvents: 'none',
          }}
        />
      </Box>
    </Stack>
  );
}

function PhotoTitle() {
  const photo = useRecordContext<Photo>();
  const translate = useTranslate();
  return <span>{translate('admin.media.title', { name: photo?.original_name || photo?.id || '' })}</span>;
}

/** Save; delete only when nothing shows the photo (the server refuses otherwise, and says why). */
function PhotoToolbar() {
  const photo = useRecordContext<Photo>();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteButton mutationMode="pessimistic" disabled={Boolean(photo?.used_by.length)} />
    </Toolbar>
  );
}

function UsesPanel() {
  const translate = useTranslate();
  const photo = useRecordContext<Photo>();
  if (!photo) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle2" component="h2">
        {translate('resources.media.fields.used_by')}
      </Typography>
      <Uses photo={photo} />
      {photo.used_by.length > 0 && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {translate('admin.media.in_use')}
        </Alert>
      )}
    </Box>
  );
}

/** One photo: its alt text in three languages, its focal point, where it shows. */
export function MediaEdit() {
  const translate = useTranslate();
  return (
    <Edit title={<PhotoTitle />} mutationMode="pessimistic">
      <SimpleForm toolbar={<PhotoToolbar />}>
        <FocalPoint />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
          <TextInput
            source="focal_x"
            type="number"
            slotProps={{ htmlInput: { min: 0, max: 1, step: 0.01 } }}
            sx={{ minWidth: 240 }}
            parse={Number}
          />
          <TextInput
            source="focal_y"
            type="number"
            slotProps={{ htmlInput: { min: 0, max: 1, step: 0.01 } }}
            sx={{ minWidth: 240 }}
            parse={Number}
          />
        </Stack>
        {contentLanguages.map((lang) => (
          <TextInput
            key={lang}
            source={`alt.${lang}`}
            label={translate('admin.content.pictures.alt', {
              language: translate(`admin.content.languages.${lang}`),
            })}
            multiline
            fullWidth
            slotProps={{ htmlInput: { lang: lang === 'zh' ? 'zh-Hans' : lang, maxLength: 500 } }}
          />
        ))}
        <UsesPanel />
      </SimpleForm>
    </Edit>
  );
}
