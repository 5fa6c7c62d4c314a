import { Alert, Box, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Title, useGetIdentity, usePermissions, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import type { Dashboard as DashboardAnswer } from '../../../common/admin-api';
import { type EditableSection, isEditableSection, roleOf } from '../../../common/editorial';
import { type Count, type Counts, countsOf, listLink } from '../content/counts';
import { useDateTime } from '../i18n/dates';
import { errorText } from '../providers/error-text';
import { api } from '../providers/http';
import { CoverageTable } from './coverage';

type SectionRow = DashboardAnswer['sections'][number] & { section: EditableSection };

/** One card of the dashboard: a heading, its total, and what makes it up. */
function Tile({
  id,
  title,
  total,
  children,
}: {
  id: string;
  title: string;
  total: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby={id} sx={{ height: '100%' }}>
      <CardContent>
        <Typography id={id} variant="subtitle1" component="h2" sx={{ fontWeight: 500 }}>
          {title}
        </Typography>
        <Typography variant="h4" component="p" sx={{ my: 1 }}>
          {total}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** A list of the kinds with a count of one kind, each a link to the kind's filtered list. */
function PerSection({ rows, pick }: { rows: SectionRow[]; pick: (c: Count) => boolean }) {
  const translate = useTranslate();
  const lines = rows.flatMap((row) =>
    countsOf(row.section, row as Counts)
      .filter((c) => pick(c) && c.count > 0)
      .map((c) => ({ row, c })),
  );
  if (!lines.length) return null;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {lines.map(({ row, c }) => (
        <li key={`${row.section}-${c.key}`}>
          <Link component={RouterLink} to={listLink(row.section, c.filter as Record<string, string>)}>
            {translate(`admin.content.sections.${row.section}`)}: {c.count}
            {c.key === 'en' || c.key === 'zh' ? ` (${translate(`admin.content.languages.${c.key}`)})` : ''}
          </Link>
        </li>
      ))}
    </Box>
  );
}

const total = (rows: SectionRow[], pick: (c: Count) => boolean) =>
  rows.reduce(
    (sum, row) =>
      sum +
      countsOf(row.section, row as Counts)
        .filter(pick)
        .reduce((a, c) => a + c.count, 0),
    0,
  );

/**
 * The back office's home: what waits for the staff (new messages, drafts, scheduled items, missing
 * translations, items without a real photo), each number a link to the list showing those items,
 * and the latest changes: who changed what and when, each a link to the item.
 */
export function Dashboard() {
  const translate = useTranslate();
  const dateTime = useDateTime();
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions();
  const { data, error } = useQuery({
    queryKey: ['dashboard'],
    queryFn: () => api<DashboardAnswer>('GET', '/dashboard'),
  });
  // the kinds this account may open: an editor's list has no directories
  const opens = (section: string): section is EditableSection =>
    isEditableSection(section) && (roleOf(section) === 'editor' || permissions === 'admin');
  const rows = (data?.sections ?? []).filter((r): r is SectionRow => opens(r.section));
  const isState = (s: string) => (c: Count) => c.key === s;
  const isMissing = (c: Count) => c.key === 'en' || c.key === 'zh';
  const isPhotoless = (c: Count) => c.key === 'photo';
  const sectionName = (s: string) => translate(`admin.content.sections.${s}`, { _: s });
  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      <Title title={translate('admin.dashboard.title')} />
      <Typography variant="h6" component="h2">
        {translate('admin.dashboard.welcome', { name: identity?.fullName ?? '' })}
      </Typography>
      {error && <Alert severity="error">{errorText(translate, error)}</Alert>}
      {data && (
        <>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
            }}
          >
            <Tile
              id="dash-feedback"
              title={translate('admin.dashboard.feedback')}
              total={
                data.feedback_new ? (
                  <Link component={RouterLink} to={listLink('feedback', { status: 'new' })}>
                    {data.feedback_new}
                  </Link>
                ) : (
                  0
                )
              }
            >
              <Typography variant="body2" color="text.secondary">
                {translate('admin.dashboard.feedback_help')}
              </Typography>
            </Tile>
            <Tile
              id="dash-drafts"
              title={translate('admin.dashboard.drafts')}
              total={total(rows, isState('draft'))}
            >
              <PerSection rows={rows} pick={isState('draft')} />
            </Tile>
            <Tile
              id="dash-scheduled"
              title={translate('admin.dashboard.scheduled')}
              total={total(rows, isState('scheduled'))}
            >
              <PerSection rows={rows} pick={isState('scheduled')} />
              {data.scheduled.length > 0 && (
                <Box
                  component="ul"
                  sx={{ m: 0, mt: 1, pl: 2.5 }}
                  aria-label={translate('admin.dashboard.next')}
                >
                  {data.scheduled.slice(0, 5).map((s) => (
                    <li key={`${s.section}-${s.id}`}>
                      <Link component={RouterLink} to={`/content/${s.section}/${s.id}`}>
                        {s.name || `№ ${s.id}`}
                      </Link>{' '}
                      <Typography component="span" variant="body2" color="text.secondary">
                        {dateTime(s.publish_at)}
                      </Typography>
                    </li>
                  ))}
                </Box>
              )}
            </Tile>
            <Tile
              id="dash-missing"
              title={translate('admin.dashboard.missing')}
              total={(['en', 'zh'] as const).map((lang) => (
                <Box component="span" key={lang} sx={{ mr: 3 }}>
                  {total(rows, (c) => c.key === lang)}{' '}
                  <Typography component="span" variant="body1">
                    {translate(`admin.content.languages.${lang}`)}
                  </Typography>
                </Box>
              ))}
            >
              <PerSection rows={rows} pick={isMissing} />
            </Tile>
            <Tile
              id="dash-photos"
              title={translate('admin.dashboard.without_photo')}
              total={total(rows, isPhotoless)}
            >
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {translate('admin.dashboard.without_photo_help')}
              </Typography>
              <PerSection rows={rows} pick={isPhotoless} />
            </Tile>
          </Box>
          <CoverageTable />
          <Card component="section" aria-labelledby="dash-recent">
            <CardContent>
              <Typography id="dash-recent" variant="subtitle1" component="h2" sx={{ fontWeight: 500, mb: 1 }}>
                {translate('admin.dashboard.recent')}
              </Typography>
              {data.recent.length === 0 ? (
                <Typography>{translate('admin.dashboard.recent_empty')}</Typography>
              ) : (
                <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none' }}>
                  {data.recent.map((r) => {
                    const name = r.name || `№ ${r.id}`;
                    const fields = r.fields
                      .map((f) => translate(`resources.content/${r.section}.fields.${f}`, { _: f }))
                      .join(', ');
                    return (
                      <Box
                        component="li"
                        key={`${r.section}-${r.id}-${r.version}`}
                        sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}
                      >
                        <Typography variant="body2" color="text.secondary">
                          {dateTime(r.changed_at)} · {r.staff ?? translate('admin.content.history.unknown')} ·{' '}
                          {sectionName(r.section)}
                        </Typography>
                        <Typography>
                          {opens(r.section) && r.status !== 'deleted' ? (
                            <Link component={RouterLink} to={`/content/${r.section}/${r.id}`}>
                              {name}
                            </Link>
                          ) : (
                            name
                          )}{' '}
                          —{' '}
                          {translate('admin.dashboard.change', {
                            version: r.version,
                            status: translate(`admin.content.states.${r.status}`, { _: r.status }),
                            fields: fields || '—',
                          })}
                        </Typography>
                      </Box>
                    );
                  })}
                </Box>
              )}
            </CardContent>
          </Card>
        </>
      )}
    </Stack>
  );
}
