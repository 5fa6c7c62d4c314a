import { Stack, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { maxValue, minValue, NumberInput, required, useTranslate } from 'react-admin';
import { Lat, Lon } from '../../../common/content-fields';
import type { EditableSection } from '../../../common/editorial';

const bounds = (s: { minimum?: unknown; maximum?: unknown }) => [
  required(),
  minValue(Number(s.minimum)),
  maxValue(Number(s.maximum)),
];
/** Leaflet is loaded with the first form that has a point, never with the rest of the back office. */
const PointMap = lazy(() => import('./point-map'));

const latRules = bounds(Lat as never);
const lonRules = bounds(Lon as never);

/** The item's point: latitude and longitude inside the region, picked on the map or typed in. */
export function PointInput({ section }: { section: EditableSection }) {
  const translate = useTranslate();
  return (
    <Stack sx={{ width: '100%' }}>
      <Typography variant="subtitle2" component="h2">
        {translate(`resources.content/${section}.fields.point`)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('admin.content.point_help')}
      </Typography>
      <Suspense fallback={null}>
        <PointMap label={translate(`resources.content/${section}.fields.point`)} />
      </Suspense>
      <Stack direction="row" spacing={2}>
        <NumberInput
          source="document.lat"
          label={`resources.content/${section}.fields.lat`}
          step={0.0001}
          validate={latRules}
        />
        <NumberInput
          source="document.lon"
          label={`resources.content/${section}.fields.lon`}
          step={0.0001}
          validate={lonRules}
        />
      </Stack>
    </Stack>
  );
}
