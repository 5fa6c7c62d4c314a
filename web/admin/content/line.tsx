import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Lat, Lon } from '../../../common/content-fields';
import type { EditableSection } from '../../../common/editorial';
import { errorText } from '../providers/error-text';
import { api } from '../providers/http';

/** Leaflet comes with the first form that draws a line, as with the point's map. */
const LineMap = lazy(() => import('./line-map'));

type Path = [number, number][];

const bound = (s: unknown, key: 'minimum' | 'maximum') => Number((s as Record<string, unknown>)[key]);
/** The region's box: the server refuses a point of the line outside it. */
const lat = [bound(Lat, 'minimum'), bound(Lat, 'maximum')] as const;
const lon = [bound(Lon, 'minimum'), bound(Lon, 'maximum')] as const;

/** "lat, lon" a line (what the textarea shows and reads). */
const asText = (path: Path) => path.map(([a, b]) => `${a}, ${b}`).join('\n');
function fromText(text: string): Path | null {
  const out: Path = [];
  for (const line of text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)) {
    const m = /^(-?\d+(?:\.\d+)?)\s*[,; ]\s*(-?\d+(?:\.\d+)?)$/.exec(line);
    if (!m) return null;
    out.push([Number(m[1]), Number(m[2])]);
  }
  return out;
}

/**
 * A route's line: drawn point by point on the map, typed as "lat, lon" lines, or read from a GPX
 * file. The server reads the file (its track, route or way points, thinned) and measures the whole
 * track: the route's length takes that figure, so a new track never leaves the old length behind.
 */
export function LineInput({ section }: { section: EditableSection }) {
  const translate = useTranslate();
  const { setValue, register, setError, clearErrors } = useFormContext();
  const path = (useWatch({ name: 'document.path' }) as Path | undefined) ?? [];
  const { errors } = useFormState({ name: 'document.path' });
  const error = (errors.document as Record<string, { message?: string }> | undefined)?.path?.message;
  const [text, setText] = useState(asText(path));
  /** The length the last GPX file gave, said under the buttons until the line changes otherwise. */
  const [measured, setMeasured] = useState<number | null>(null);
  const file = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // At least two points: the server refuses a shorter line.
    register('document.path', {
      validate: (v: unknown) => {
        if (!Array.isArray(v) || v.length < 2) return translate('admin.content.line.too_short');
        const outside = (v as Path).findIndex(
          ([a, b]) => a < lat[0] || a > lat[1] || b < lon[0] || b > lon[1],
        );
        return outside < 0 || translate('admin.content.line.outside', { n: outside + 1 });
      },
    });
  }, [register, translate]);
  const set = (next: Path) => {
    setValue('document.path', next, { shouldDirty: true, shouldValidate: true });
    setText(asText(next));
    setMeasured(null);
  };
  const readGpx = async (f: File) => {
    try {
      const read = await api<{ line: Path; length_km: number }>(
        'POST',
        '/gpx',
        new Blob([await f.arrayBuffer()], { type: 'application/gpx+xml' }),
      );
      set(read.line);
      setValue('document.length_km', read.length_km, { shouldDirty: true, shouldValidate: true });
      setMeasured(read.length_km);
    } catch (e) {
      setError('document.path', { type: 'gpx', message: errorText(translate, e) });
    }
  };
  return (
    <Stack component="section" aria-labelledby="line-title" sx={{ width: '100%', mb: 2 }}>
      <Typography id="line-title" variant="subtitle2" component="h2">
        {translate(`resources.content/${section}.fields.path`)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('admin.content.line.help', { count: path.length })}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {error}
        </Alert>
      )}
      <Suspense fallback={null}>
        <LineMap path={path} onAdd={(p) => set([...path, p])} />
      </Suspense>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1 }}>
        <Button disabled={!path.length} onClick={() => set(path.slice(0, -1))}>
          {translate('admin.content.line.undo')}
        </Button>
        <Button disabled={!path.length} onClick={() => set([])}>
          {translate('admin.content.line.clear')}
        </Button>
        <Button onClick={() => file.current?.click()}>{translate('admin.content.line.gpx')}</Button>
        <input
          ref={file}
          type="file"
          accept=".gpx,application/gpx+xml,application/xml,text/xml"
          hidden
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) void readGpx(f);
          }}
        />
      </Stack>
      {measured !== null && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {translate('admin.content.line.gpx_length', { km: measured })}
        </Alert>
      )}
      <TextField
        label={translate('admin.content.line.text')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => {
          const parsed = fromText(text);
          if (parsed) {
            clearErrors('document.path');
            setValue('document.path', parsed, { shouldDirty: true, shouldValidate: true });
          } else
            setError('document.path', { type: 'text', message: translate('admin.content.line.bad_text') });
        }}
        multiline
        minRows={3}
        maxRows={10}
        fullWidth
      />
    </Stack>
  );
}
