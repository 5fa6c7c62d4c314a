import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  type Theme,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Title, useNotify, useTranslate } from 'react-admin';
import type { OsmProposalT, OsmSearchResultT, StaleFactsT } from '../../../common/admin-api';
import type { AdmissionT, OpeningHoursT } from '../../../common/api';
import { placeSections } from '../../../common/sections';
import { errorText } from '../providers/error-text';
import { api } from '../providers/http';

// The facts' sources in the back office (decision 047): the places whose facts need checking, and
// the review of facts found in OpenStreetMap.

/** A dark amber that white small text and the white page both read at AA contrast (MUI's warning is too light). */
const doubtColour = '#8a4b00';

/**
 * Below the tablet width a table's rows are stacked blocks, each cell under its column's name (its
 * `data-label`): seven columns do not fit 375 px.
 */
const stackedOnPhones = (theme: Theme) => ({
  [theme.breakpoints.down('md')]: {
    '& thead': { display: 'none' },
    '& tr': { display: 'block', borderBottom: `1px solid ${theme.palette.divider}`, py: 1 },
    '& td': { display: 'block', border: 0, py: 0.5, maxWidth: 'none' },
    '& td[data-label]::before': {
      content: 'attr(data-label)',
      display: 'block',
      fontSize: '0.75rem',
      color: theme.palette.text.secondary,
    },
  },
});

const editPath = (section: string, id: number) => `/content/${section}/${id}`;

function SectionSelect({
  value,
  onChange,
  all,
}: {
  value: string;
  onChange: (v: string) => void;
  all?: boolean;
}) {
  const translate = useTranslate();
  return (
    <TextField
      select
      label={translate('admin.facts.section')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 260 }}
    >
      {all && <MenuItem value="">{translate('admin.facts.all_sections')}</MenuItem>}
      {placeSections.map((s) => (
        <MenuItem key={s} value={s}>
          {translate(`resources.content/${s}.name`, { smart_count: 2 })}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Places with a fact checked longer ago than the settings allow, or never dated: each links to its form. */
export function StaleFactsPage() {
  const translate = useTranslate();
  const [section, setSection] = useState('');
  const stale = useQuery({
    queryKey: ['facts-stale', section],
    queryFn: () =>
      api<StaleFactsT>('GET', `/facts/stale?per_page=200${section ? `&section=${section}` : ''}`),
  });
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('admin.facts.stale_title')} />
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        {translate('admin.facts.stale_title')}
      </Typography>
      {stale.data && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('admin.facts.stale_help', { days: stale.data.stale_days, before: stale.data.before })}
        </Typography>
      )}
      <SectionSelect value={section} onChange={setSection} all />
      {stale.isError ? (
        <Alert severity="error">{errorText(translate, stale.error)}</Alert>
      ) : !stale.data ? null : stale.data.results.length === 0 ? (
        <Alert severity="success" sx={{ mt: 2 }}>
          {translate('admin.facts.stale_none')}
        </Alert>
      ) : (
        <Card sx={{ mt: 2 }}>
          <CardContent sx={{ overflowX: 'auto' }}>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {translate('admin.facts.stale_count', { smart_count: stale.data?.count ?? 0 })}
            </Typography>
            <Table size="small" data-testid="stale-facts">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('admin.facts.place')}</TableCell>
                  <TableCell>{translate('admin.facts.facts')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {stale.data?.results.map((r) => (
                  <TableRow key={`${r.section}-${r.id}`}>
                    <TableCell>
                      <Link to={editPath(r.section, r.id)}>{r.name}</Link>
                      <Typography variant="caption" sx={{ display: 'block' }} color="text.secondary">
                        {translate(`resources.content/${r.section}.name`, { smart_count: 1 })} № {r.id}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      {r.facts.map((f) => (
                        <Typography key={f.fact} variant="body2">
                          {translate(`resources.content/${r.section}.fields.${f.fact}`)}:{' '}
                          {f.checked
                            ? `${translate(`admin.facts.source_${f.source}`)} · ${f.checked}`
                            : translate('admin.facts.none')}
                        </Typography>
                      ))}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
      )}
    </Box>
  );
}

type Translate = ReturnType<typeof useTranslate>;

/** A schedule in the back office's words: each season's days and times, then the closed dates. */
function hoursText(hours: OpeningHoursT, translate: Translate): string {
  const day = (d: number) => translate(`admin.practical.day${d}`);
  const seasons = hours.seasons.map((s) => {
    const times = s.hours.map((h) => `${h.days.map(day).join(', ')} ${h.opens}–${h.closes}`).join('; ');
    const dated = 'from' in s && s.from ? `${s.from} – ${s.to}: ` : '';
    return `${dated}${times || translate('admin.facts.closed')}`;
  });
  const closed = hours.closed_dates?.length
    ? [`${translate('admin.facts.closed')}: ${hours.closed_dates.join(', ')}`]
    : [];
  return [...seasons, ...closed].join(' · ');
}

/** A fact's value as staff read it: a schedule, a price, accessibility facts, a phone or site as it is. */
function shown(fact: string, v: unknown, translate: Translate): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'string') return v;
  if (fact === 'opening_hours') return hoursText(v as OpeningHoursT, translate);
  if (fact === 'admission') {
    const a = v as AdmissionT;
    return a.free
      ? translate('admin.practical.free')
      : `${translate('admin.practical.paid')} ${a.min}${a.max ? `–${a.max}` : ''} ₽`;
  }
  if (fact === 'accessibility')
    return Object.entries(v as Record<string, boolean>)
      .map(
        ([k, yes]) =>
          `${translate(`admin.practical.${k}`)}: ${translate(yes ? 'admin.practical.yes' : 'admin.practical.no')}`,
      )
      .join('; ');
  return JSON.stringify(v);
}

/** A section's search in OpenStreetMap, and its waiting facts to accept or reject one by one or all sure ones. */
export function OsmReviewPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const [section, setSection] = useState<string>(placeSections[0] as string);
  const key = ['osm-proposals', section];
  const proposals = useQuery({
    queryKey: key,
    queryFn: () => api<{ results: OsmProposalT[] }>('GET', `/facts/osm/${section}/proposals`),
  });
  const refresh = () => client.invalidateQueries({ queryKey: key });
  const onError = (error: unknown) => notify(errorText(translate, error), { type: 'error' });
  const search = useMutation({
    mutationFn: () => api<OsmSearchResultT>('POST', `/facts/osm/${section}/search`),
    onSuccess: (r) => {
      notify('admin.facts.osm_found', { type: 'info', messageArgs: { ...r } });
      void refresh();
    },
    onError,
  });
  const decide = useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'accept' | 'reject' }) =>
      api('POST', `/facts/osm/proposals/${id}/${action}`),
    onSuccess: () => void refresh(),
    onError,
  });
  const acceptSure = useMutation({
    mutationFn: () => api<{ accepted: number; skipped: number }>('POST', `/facts/osm/${section}/accept-sure`),
    onSuccess: (r) => {
      notify('admin.facts.osm_accepted_sure', { type: 'info', messageArgs: { ...r } });
      void refresh();
    },
    onError,
  });
  const rows = proposals.data?.results ?? [];
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('admin.facts.osm_title')} />
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        {translate('admin.facts.osm_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('admin.facts.osm_help')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', alignItems: 'center', rowGap: 1 }}>
        <SectionSelect value={section} onChange={setSection} />
        <Button variant="contained" onClick={() => search.mutate()} disabled={search.isPending}>
          {translate('admin.facts.osm_search')}
        </Button>
        <Button
          variant="outlined"
          onClick={() => acceptSure.mutate()}
          disabled={acceptSure.isPending || !rows.some((r) => r.confidence === 'sure' && r.proposed !== null)}
        >
          {translate('admin.facts.osm_accept_sure')}
        </Button>
      </Stack>
      {proposals.isError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorText(translate, proposals.error)}
        </Alert>
      ) : !proposals.data ? null : rows.length === 0 ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          {translate('admin.facts.osm_none')}
        </Alert>
      ) : (
        <Card sx={{ mt: 2 }}>
          <CardContent sx={{ overflowX: 'auto' }}>
            <Table size="small" data-testid="osm-proposals" sx={stackedOnPhones}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('admin.facts.place')}</TableCell>
                  <TableCell>{translate('admin.facts.fact')}</TableCell>
                  <TableCell>{translate('admin.facts.proposed')}</TableCell>
                  <TableCell>{translate('admin.facts.current')}</TableCell>
                  <TableCell>{translate('admin.facts.osm_object')}</TableCell>
                  <TableCell>{translate('admin.facts.match')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.id} data-proposal={r.id}>
                    <TableCell data-label={translate('admin.facts.place')}>
                      <Link to={editPath(r.section, r.place_id)}>{r.place_name}</Link>
                    </TableCell>
                    <TableCell data-label={translate('admin.facts.fact')}>
                      {translate(`resources.content/${r.section}.fields.${r.fact}`)}
                    </TableCell>
                    <TableCell
                      data-label={translate('admin.facts.proposed')}
                      sx={{ maxWidth: 320, wordBreak: 'break-word' }}
                    >
                      <Typography variant="body2">{r.raw}</Typography>
                      {r.proposed === null ? (
                        <Typography variant="caption" sx={{ color: doubtColour }}>
                          {translate('admin.facts.osm_not_representable')}
                        </Typography>
                      ) : (
                        typeof r.proposed !== 'string' && (
                          <Typography variant="caption" color="text.secondary" component="div">
                            {shown(r.fact, r.proposed, translate)}
                          </Typography>
                        )
                      )}
                    </TableCell>
                    <TableCell
                      data-label={translate('admin.facts.current')}
                      sx={{ maxWidth: 260, wordBreak: 'break-word' }}
                    >
                      <Typography variant="caption">{shown(r.fact, r.current, translate)}</Typography>
                    </TableCell>
                    <TableCell data-label={translate('admin.facts.osm_object')}>
                      <a href={r.osm_url} target="_blank" rel="noopener noreferrer">
                        {r.osm_ref}
                      </a>
                      {r.osm_name && (
                        <Typography variant="caption" sx={{ display: 'block' }} color="text.secondary">
                          {r.osm_name}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell data-label={translate('admin.facts.match')}>
                      <Chip
                        size="small"
                        color={r.confidence === 'sure' ? 'success' : 'default'}
                        sx={r.confidence === 'sure' ? {} : { bgcolor: doubtColour, color: '#fff' }}
                        label={translate(`admin.facts.confidence_${r.confidence}`)}
                      />
                      <Typography variant="caption" sx={{ display: 'block' }}>
                        {translate('admin.facts.metres', { n: r.distance_m })}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={1}>
                        <Button
                          size="small"
                          variant="contained"
                          disabled={r.proposed === null || decide.isPending}
                          onClick={() => decide.mutate({ id: r.id, action: 'accept' })}
                        >
                          {translate('admin.facts.accept')}
                        </Button>
                        <Button
                          size="small"
                          disabled={decide.isPending}
                          onClick={() => decide.mutate({ id: r.id, action: 'reject' })}
                        >
                          {translate('admin.facts.reject')}
                        </Button>
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
              © OpenStreetMap contributors (ODbL)
            </Typography>
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
