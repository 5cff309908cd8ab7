import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PageSpinner } from '@/components/ui/loading-spinner';
import { PageHeader } from '@/components/ui/page-header';
import { todayInZurich } from '@/lib/format';
import { reportSeasonsQueryOptions, useReportSeasons } from '../api/get-report-seasons';
import { ReportCard } from '../components/report-card';
import { currentSeason, reports } from '../lib/reports';
import { loadBoardQueries, type ScreenLoader } from '@/lib/loaders';

export default function ReportsPage() {
  const seasons = useReportSeasons();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const list = seasons.data ?? [];
  const season = list.find((s) => s.id === chosenId) ?? currentSeason(list, todayInZurich());

  return (
    <>
      <PageHeader
        title="Excel Listen"
        intro="Listen pro Saison als Excel- oder PDF-Datei: Mitglieder, Beiträge, Parkkarten, Ticketreservationen und Anmeldungen."
      />
      {seasons.isPending ? <PageSpinner label="Saisons werden geladen…" /> : null}
      {seasons.isError ? <ErrorAlert title="Die Saisons konnten nicht geladen werden." error={seasons.error} /> : null}
      {seasons.isSuccess && !season ? (
        <p className="text-body-secondary">Es ist noch keine Saison erfasst. Eröffnen Sie zuerst eine Saison.</p>
      ) : null}
      {season ? (
        <>
          <Form.Group controlId="report-season" className="mb-4" style={{ maxWidth: '20rem' }}>
            <Form.Label>Saison</Form.Label>
            <Form.Select value={season.id} onChange={(e) => setChosenId(Number(e.target.value))}>
              {list.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <ul className="list-group">
            {reports.map((report) => (
              // A new season starts with fresh buttons (no progress or error of the last one).
              <ReportCard key={`${report.type}-${season.id}`} report={report} season={season} />
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

/** The screen's loader (lib/loaders.ts): it opens with its data. */
export const loader: ScreenLoader = loadBoardQueries((queryClient) => [queryClient.ensureQueryData(reportSeasonsQueryOptions())]);
