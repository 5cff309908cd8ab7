import { reportFormats, type ReportFormat, type SeasonOption } from '@club/contract';
import Button from 'react-bootstrap/Button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { useDownloadReport } from '../api/download-report';
import { formatLabels, reportFileName, type ReportInfo } from '../lib/reports';

/** One report: what it contains, and a button per file format with its own progress. */
export function ReportCard({ report, season }: { report: ReportInfo; season: SeasonOption }) {
  const download = useDownloadReport();
  const pendingFormat = download.isPending ? download.variables?.format : undefined;
  const headingId = `report-${report.type}`;

  const start = (format: ReportFormat) => {
    download.mutate({ seasonId: season.id, type: report.type, format, fileName: reportFileName(report, season, format) });
  };

  return (
    <li className="list-group-item py-3">
      <div className="d-flex flex-column flex-md-row gap-2 gap-md-3 align-items-md-center">
        <div className="flex-grow-1">
          <h2 id={headingId} className="h5 mb-1">
            {report.title}
          </h2>
          <p className="mb-0 text-body-secondary">{report.description}</p>
        </div>
        <div className="d-flex gap-2 flex-shrink-0">
          {reportFormats.map((format) => (
            <Button
              key={format}
              variant={format === 'xlsx' ? 'success' : 'outline-secondary'}
              disabled={download.isPending}
              onClick={() => start(format)}
              aria-label={`${report.title} ${season.name} als ${formatLabels[format]} herunterladen`}
              className="d-inline-flex align-items-center justify-content-center gap-2"
              style={{ minWidth: '6.5rem' }}
            >
              {pendingFormat === format ? <LoadingSpinner size="sm" label="Datei wird erstellt…" /> : null}
              {formatLabels[format]}
            </Button>
          ))}
        </div>
      </div>
      <div aria-live="polite">
        {pendingFormat ? <p className="small text-body-secondary mt-2 mb-0">Die Datei wird erstellt und heruntergeladen…</p> : null}
      </div>
      {download.isError ? (
        <div className="mt-2">
          <ErrorAlert title="Die Datei konnte nicht erstellt werden." error={download.error} />
        </div>
      ) : null}
    </li>
  );
}
