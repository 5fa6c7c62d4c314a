import {
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
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import type { Coverage } from '../../../common/admin-api';
import { coverageFacts } from '../../../common/coverage';
import { type EditableSection, isEditableSection } from '../../../common/editorial';
import { listLink } from '../content/counts';
import { errorText } from '../providers/error-text';
import { api } from '../providers/http';

/**
 * What visitors are told, per section (GET /api/admin/coverage): of its published items, how many
 * state their hours, phone, price, accessibility, show a real photo and have their texts in
 * English and Chinese. Each number links to the list of the published items lacking it; a dash is
 * a fact the section has no field for. The table scrolls sideways on a narrow screen.
 */
export function CoverageTable() {
  const translate = useTranslate();
  const { data, error } = useQuery({
    queryKey: ['coverage'],
    queryFn: () => api<Coverage>('GET', '/coverage'),
  });
  const sectionName = (s: string) => translate(`admin.content.sections.${s}`, { _: s });
  const percent = (n: number, total: number) => (total ? Math.round((100 * n) / total) : 0);
  return (
    <Card component="section" aria-labelledby="dash-coverage">
      <CardContent>
        <Typography id="dash-coverage" variant="subtitle1" component="h2" sx={{ fontWeight: 500 }}>
          {translate('admin.dashboard.coverage')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} id="dash-coverage-help">
          {translate('admin.dashboard.coverage_help')}
        </Typography>
        {error && <Typography color="error">{errorText(translate, error)}</Typography>}
        {data && (
          <TableContainer tabIndex={0} aria-labelledby="dash-coverage" role="region">
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
                      {translate(`admin.dashboard.facts.${fact}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.sections
                  .filter((r): r is typeof r & { section: EditableSection } => isEditableSection(r.section))
                  .map((row) => (
                    <TableRow key={row.section} data-coverage-section={row.section}>
                      <TableCell component="th" scope="row">
                        {sectionName(row.section)}
                      </TableCell>
                      <TableCell align="right">{row.total}</TableCell>
                      {coverageFacts.map((fact) => {
                        const n = row.facts[fact];
                        if (n === undefined)
                          return (
                            <TableCell key={fact} align="right" data-fact={fact}>
                              —
                            </TableCell>
                          );
                        const lacking = row.total - n;
                        const text = `${n} (${percent(n, row.total)} %)`;
                        return (
                          <TableCell key={fact} align="right" data-fact={fact} sx={{ whiteSpace: 'nowrap' }}>
                            {lacking > 0 ? (
                              <Link
                                component={RouterLink}
                                to={listLink(row.section, { status: 'published', missing: fact })}
                                aria-label={translate('admin.dashboard.coverage_lacking', {
                                  section: sectionName(row.section),
                                  fact: translate(`admin.dashboard.facts.${fact}`),
                                  count: lacking,
                                })}
                              >
                                {text}
                              </Link>
                            ) : (
                              text
                            )}
                          </TableCell>
                        );
                      })}
                    </TableRow>
                  ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
