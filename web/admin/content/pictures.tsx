import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternate';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DeleteIcon from '@mui/icons-material/Delete';
import UploadIcon from '@mui/icons-material/Upload';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DragEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import type { EditableSection } from '../../../common/editorial';
import { errorText } from '../providers/error-text';
import { type AdminErrorBody, ApiError, api, xsrfCookie } from '../providers/http';

/** A photo of the media library (GET /api/admin/media). */
interface Photo {
  id: string;
  alt: { ru?: string; en?: string; zh?: string };
  missing_alt: string[];
  original_name: string;
}

const languages = ['ru', 'en', 'zh'] as const;
const isPhoto = (id: string) => id.startsWith('photo.');
const thumb = (id: string) => `/media/${id}/320.webp`;

function xsrf(): string {
  const pair = document.cookie
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${xsrfCookie}=`));
  return pair ? decodeURIComponent(pair.slice(xsrfCookie.length + 1)) : '';
}

/** One file to the media library: its bytes as the body, with its type (one file a request). */
async function upload(file: File): Promise<Photo> {
  if (!xsrf()) await fetch('/api/admin/auth/me', { credentials: 'same-origin' }).catch(() => {});
  const res = await fetch(`/api/admin/media?name=${encodeURIComponent(file.name.slice(0, 200))}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      'content-type': file.type || 'application/octet-stream',
      'x-xsrf-token': xsrf(),
      accept: 'application/json',
    },
    body: file,
  });
  const body = (await res.json().catch(() => ({}))) as Photo & Partial<AdminErrorBody>;
  if (!res.ok) {
    // the server's code and params, which errorText words
    throw new ApiError(body.message ?? res.statusText, res.status, {
      ...body,
      statusCode: res.status,
      error: res.statusText,
      message: `${file.name}: ${body.message ?? res.statusText}`,
    });
  }
  return body;
}

/** A photo's alt text in three languages, saved to the library at once (PATCH). */
function AltEditor({ photo }: { photo: Photo }) {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const [alt, setAlt] = useState(photo.alt);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      const saved = await api<Photo>('PATCH', `/media/${photo.id}`, { alt });
      client.setQueryData(['photo', photo.id], saved);
      void client.invalidateQueries({ queryKey: ['photos'] });
      notify('admin.content.pictures.alt_saved', { type: 'success' });
    } catch (error) {
      notify(errorText(translate, error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      {languages.map((lang) => (
        <TextField
          key={lang}
          size="small"
          label={translate('admin.content.pictures.alt', {
            language: translate(`admin.content.languages.${lang}`),
          })}
          value={alt[lang] ?? ''}
          onChange={(e) => setAlt({ ...alt, [lang]: e.target.value })}
          slotProps={{ htmlInput: { lang: lang === 'zh' ? 'zh-Hans' : lang, maxLength: 500 } }}
        />
      ))}
      <Button size="small" variant="outlined" disabled={busy} onClick={() => void save()}>
        {translate('admin.content.pictures.save_alt')}
      </Button>
    </Stack>
  );
}

/** The media library in a dialog: search, and add a photo to the item. */
export function LibraryDialog({
  open,
  onClose,
  chosen,
  onAdd,
}: {
  open: boolean;
  onClose: () => void;
  chosen: string[];
  onAdd: (id: string) => void;
}) {
  const translate = useTranslate();
  const [q, setQ] = useState('');
  const titleId = useId();
  const { data } = useQuery({
    queryKey: ['photos', q],
    enabled: open,
    queryFn: () =>
      api<{ count: number; results: Photo[] }>(
        'GET',
        `/media?per_page=48${q ? `&q=${encodeURIComponent(q)}` : ''}`,
      ),
  });
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate('admin.content.pictures.library')}</DialogTitle>
      <DialogContent>
        <TextField
          type="search"
          label={translate('admin.content.pictures.search')}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          fullWidth
          size="small"
          sx={{ my: 1 }}
        />
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            display: 'grid',
            gap: 1,
            gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
          }}
        >
          {data?.results.map((photo) => (
            <Box component="li" key={photo.id} sx={{ border: 1, borderColor: 'divider', p: 0.5 }}>
              <img
                src={thumb(photo.id)}
                alt={photo.alt.ru ?? ''}
                style={{ width: '100%', height: 100, objectFit: 'cover' }}
              />
              <Typography variant="caption" component="p" noWrap title={photo.original_name}>
                {photo.alt.ru || photo.original_name}
              </Typography>
              {photo.missing_alt.length > 0 && (
                <Typography variant="caption" component="p" color="warning.dark">
                  {translate('admin.content.pictures.missing_alt', {
                    languages: photo.missing_alt.join(', '),
                  })}
                </Typography>
              )}
              <Button size="small" disabled={chosen.includes(photo.id)} onClick={() => onAdd(photo.id)}>
                {translate('admin.content.pictures.choose')}
              </Button>
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('admin.content.pictures.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The item's pictures in their order: thumbnails that can be dragged or moved with their buttons,
 * removed, added from the media library, or uploaded by dropping several files at once (one request
 * a file, in parallel). A photo without alt text in every language is flagged, with its alt text
 * editable in place: the server refuses to save an item that uses it.
 */
export function PicturesInput({ section }: { section: EditableSection }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { setValue, clearErrors } = useFormContext();
  // A refusal of the server about the pictures (a photo without alt text) is shown here.
  const { errors } = useFormState({ name: 'document.images' });
  const refusal = (errors.document as Record<string, { message?: string }> | undefined)?.images?.message;
  const images = (useWatch({ name: 'document.images' }) as string[] | undefined) ?? [];
  const [dragged, setDragged] = useState<number | null>(null);
  const [library, setLibrary] = useState(false);
  const [uploading, setUploading] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const client = useQueryClient();
  const photos = useQueries({
    queries: images.filter(isPhoto).map((id) => ({
      queryKey: ['photo', id],
      queryFn: () => api<Photo>('GET', `/media/${id}`),
      staleTime: 60_000,
    })),
  });
  const photoOf = (id: string) => photos.find((p) => p.data?.id === id)?.data;

  const set = (next: string[]) => {
    setValue('document.images', next, { shouldDirty: true });
    clearErrors('document.images');
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= images.length || from === to) return;
    const next = [...images];
    const [one] = next.splice(from, 1);
    next.splice(to, 0, one as string);
    set(next);
  };
  const add = (ids: string[]) => set([...images, ...ids.filter((id) => !images.includes(id))].slice(0, 30));

  const uploadAll = async (files: File[]) => {
    const pictures = files.filter((f) => f.type.startsWith('image/') || /\.(heic|heif)$/i.test(f.name));
    if (!pictures.length) return;
    setUploading(pictures.length);
    const results = await Promise.allSettled(pictures.map(upload));
    setUploading(0);
    const done = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    for (const photo of done) client.setQueryData(['photo', photo.id], photo);
    if (done.length) {
      add(done.map((p) => p.id));
      notify('admin.content.pictures.uploaded', { type: 'success', messageArgs: { count: done.length } });
    }
    for (const r of results) {
      if (r.status === 'rejected') notify(errorText(translate, r.reason), { type: 'error' });
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    if (e.dataTransfer.files.length) void uploadAll([...e.dataTransfer.files]);
    setDragged(null);
  };

  return (
    <Box
      component="section"
      aria-labelledby="pictures-title"
      sx={{ width: '100%', border: 1, borderStyle: 'dashed', borderColor: 'divider', p: 1.5, mb: 2 }}
      onDragOver={(e: DragEvent) => e.preventDefault()}
      onDrop={onDrop}
    >
      <Typography id="pictures-title" variant="subtitle2" component="h2">
        {translate(`resources.content/${section}.fields.images`)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('admin.content.pictures.drop')}
      </Typography>
      {refusal && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {refusal}
        </Alert>
      )}
      {images.length === 0 && (
        <Typography variant="body2">{translate('admin.content.pictures.empty')}</Typography>
      )}
      <Box
        component="ol"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
        }}
      >
        {images.map((id, index) => {
          const photo = photoOf(id);
          const missing = photo?.missing_alt ?? [];
          return (
            <Box
              component="li"
              key={id}
              draggable
              onDragStart={(e: DragEvent) => {
                setDragged(index);
                e.dataTransfer.effectAllowed = 'move';
              }}
              onDragOver={(e: DragEvent) => e.preventDefault()}
              onDrop={(e: DragEvent) => {
                if (dragged === null) return;
                e.preventDefault();
                e.stopPropagation();
                move(dragged, index);
                setDragged(null);
              }}
              aria-label={translate('admin.content.pictures.position', {
                position: index + 1,
                count: images.length,
              })}
              sx={{
                border: 1,
                borderColor: missing.length ? 'warning.main' : 'divider',
                p: 0.5,
                cursor: 'grab',
                opacity: dragged === index ? 0.5 : 1,
              }}
            >
              <img
                src={thumb(id)}
                alt={photo?.alt.ru ?? ''}
                style={{ width: '100%', height: 120, objectFit: 'cover', display: 'block' }}
              />
              <Stack direction="row" sx={{ alignItems: 'center' }}>
                <Typography variant="caption" sx={{ flex: 1 }}>
                  {index + 1}
                </Typography>
                <IconButton
                  size="small"
                  aria-label={translate('admin.content.pictures.up')}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  <ArrowBackIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={translate('admin.content.pictures.down')}
                  disabled={index === images.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  <ArrowForwardIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={translate('admin.content.pictures.remove')}
                  onClick={() => set(images.filter((x) => x !== id))}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Stack>
              {missing.length > 0 && (
                <Alert severity="warning" sx={{ p: 0.5, fontSize: 12 }}>
                  {translate('admin.content.pictures.missing_alt', { languages: missing.join(', ') })}
                </Alert>
              )}
              {photo &&
                (missing.length > 0 ? (
                  <AltEditor key={photo.id} photo={photo} />
                ) : (
                  <details>
                    <summary style={{ cursor: 'pointer', fontSize: 13 }}>
                      {translate('admin.content.pictures.edit_alt')}
                    </summary>
                    <AltEditor key={photo.id} photo={photo} />
                  </details>
                ))}
            </Box>
          );
        })}
      </Box>
      {uploading > 0 && (
        <Typography role="status" variant="body2" sx={{ mt: 1 }}>
          {translate('admin.content.pictures.uploading', { count: uploading })}
        </Typography>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
        <Button startIcon={<AddPhotoIcon />} onClick={() => setLibrary(true)}>
          {translate('admin.content.pictures.add')}
        </Button>
        <Button startIcon={<UploadIcon />} onClick={() => fileInput.current?.click()}>
          {translate('admin.content.pictures.upload')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
          multiple
          hidden
          onChange={(e) => {
            void uploadAll([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
      </Stack>
      <LibraryDialog
        open={library}
        onClose={() => setLibrary(false)}
        chosen={images}
        onAdd={(id) => add([id])}
      />
    </Box>
  );
}

/**
 * One picture of the media library (a partner's logo, a page's picture block): its thumbnail and a
 * button that picks another from the library.
 */
export function PictureInput({
  source,
  label,
  empty,
  extra,
}: {
  source: string;
  label: string;
  /** What shows in place of the thumbnail while none is chosen (default: "no pictures"). */
  empty?: ReactNode;
  /** More buttons beside "choose" (a share picture's "use the first picture"). */
  extra?: ReactNode;
}) {
  const translate = useTranslate();
  const { setValue, clearErrors } = useFormContext();
  const { errors } = useFormState({ name: source });
  const value = useWatch({ name: source }) as string | null | undefined;
  const [open, setOpen] = useState(false);
  const error = source
    .split('.')
    .reduce<unknown>((e, k) => (e as Record<string, unknown> | undefined)?.[k], errors) as
    | { message?: string }
    | undefined;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
      {value ? (
        <img
          src={thumb(value)}
          alt=""
          style={{ width: 160, height: 90, objectFit: 'contain', background: '#f5f5f5' }}
        />
      ) : (
        (empty ?? <Typography variant="body2">{translate('admin.content.pictures.empty')}</Typography>)
      )}
      <Stack>
        <Typography variant="subtitle2" component="h2">
          {label}
        </Typography>
        {value && (
          <Typography variant="caption" color="text.secondary">
            {value}
          </Typography>
        )}
        <Button startIcon={<AddPhotoIcon />} onClick={() => setOpen(true)}>
          {translate('admin.content.pictures.choose_one')}
        </Button>
        {extra}
        {error?.message && (
          <Typography variant="caption" color="error">
            {translate(error.message, { _: error.message })}
          </Typography>
        )}
      </Stack>
      <LibraryDialog
        open={open}
        onClose={() => setOpen(false)}
        chosen={value ? [value] : []}
        onAdd={(id) => {
          setValue(source, id, { shouldDirty: true });
          clearErrors(source);
          setOpen(false);
        }}
      />
    </Stack>
  );
}
