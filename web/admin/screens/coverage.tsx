import {
  Box,
  Card,
  CardContent,
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import type { Coverage } from '../../../common/admin-api';
import { coverageFacts } from '../../../common/coverage';
import { type EditableSection, isEditableSection } from '../../../common/editorial';
import { listLink } from '../content/counts';
import { errorText } from '../providers/error-text';
import { api } from '../providers/http';

/** Read by screen readers, not shown (MUI's own rule, kept here to need no other package). */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

type Row = Coverage['sections'][number] & { section: EditableSection };
type Fact = (typeof coverageFacts)[number];

/** A count of a fact: "34 (22 %)", a link to the published items lacking it when some do. */
function FactCount({ row, fact, label }: { row: Row; fact: Fact; label: (row: Row, fact: Fact) => string }) {
  const n = row.facts[fact];
  if (n === undefined) return <span data-count="">—</span>;
  const text = `${n} (${row.total ? Math.round((100 * n) / row.total) : 0} %)`;
  if (n >= row.total) return <span data-count="">{text}</span>;
  return (
    // the number is the link's visible name, what it leads to the words after it (read, not shown)
    <Link component={RouterLink} to={listLink(row.section, { status: 'published', missing: fact })}>
      <span data-count="">{text}</span>
      <Box component="span" sx={visuallyHidden}>
        {`, ${label(row, fact)}`}
      </Box>
    </Link>
  );
}

/**
 * What visitors are told, per section (GET /api/admin/coverage): of its published items, how many
 * state their hours, phone, price, accessibility, show a real photo and have their texts in
 * English and Chinese. Each number links to the list of the published items lacking it; a dash is
 * a fact the section has no field for. A table from 600 px; below, one block per section (the
 * back office's frame grows to its widest content, so a table would widen the page).
 */
export function CoverageTable() {
  const translate = useTranslate();
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { data, error } = useQuery({
    queryKey: ['coverage'],
    queryFn: () => api<Coverage>('GET', '/coverage'),
  });
  const sectionName = (s: string) => translate(`admin.content.sections.${s}`, { _: s });
  const factName = (fact: Fact) => translate(`admin.dashboard.facts.${fact}`);
  const label = (row: Row, fact: Fact) =>
    translate('admin.dashboard.coverage_lacking', {
      section: sectionName(row.section),
      fact: factName(fact),
      count: row.total - (row.facts[fact] ?? 0),
    });
  const rows = (data?.sections ?? []).filter((r): r is Row => isEditableSection(r.section));
  let body: ReactNode = null;
  if (data && narrow)
    body = rows.map((row) => (
      <Box
        key={row.section}
        data-coverage-section={row.section}
        sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}
      >
        <Typography component="h3" variant="body1" sx={{ fontWeight: 500 }}>
          {sectionName(row.section)} · {translate('admin.dashboard.coverage_total')}: {row.total}
        </Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2 }}>
          {coverageFacts
            .filter((fact) => row.facts[fact] !== undefined)
            .map((fact) => (
              <Box key={fact} sx={{ display: 'contents' }} data-fact={fact}>
                <Typography component="dt" variant="body2" sx={{ py: 0.5 }}>
                  {factName(fact)}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, py: 0.5, textAlign: 'right' }}>
                  <FactCount row={row} fact={fact} label={label} />
                </Typography>
              </Box>
            ))}
        </Box>
      </Box>
    ));
  else if (data)
    body = (
      // no region of its own: the card is the region; its links take the focus across a scrolled table
      <TableContainer>
        <Table size="small" aria-describedby="dash-coverage-help" data-coverage="">
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {translate('admin.dashboard.coverage_section')}
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                {translate('admin.dashboard.coverage_total')}
              </TableCell>
              {coverageFacts.map((fact) => (
                <TableCell key={fact} component="th" scope="col" align="right">
                  {factName(fact)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.section} data-coverage-section={row.section}>
                <TableCell component="th" scope="row">
                  {sectionName(row.section)}
                </TableCell>
                <TableCell align="right">{row.total}</TableCell>
                {coverageFacts.map((fact) => (
                  <TableCell key={fact} align="right" data-fact={fact} sx={{ whiteSpace: 'nowrap' }}>
                    <FactCount row={row} fact={fact} label={label} />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  return (
    <Card component="section" aria-labelledby="dash-coverage" data-coverage-card="">
      <CardContent>
        <Typography id="dash-coverage" variant="subtitle1" component="h2" sx={{ fontWeight: 500 }}>
          {translate('admin.dashboard.coverage')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} id="dash-coverage-help">
          {translate('admin.dashboard.coverage_help')}
        </Typography>
        {error && <Typography color="error">{errorText(translate, error)}</Typography>}
        {body}
      </CardContent>
    </Card>
  );
}
