import Button from 'react-bootstrap/Button';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { paths } from '@/config/paths';
import { useExportMembers } from '../api/export-members';

/** The members list's import and export: the same columns both ways, so an export imports back unchanged. */
export function MemberExportButtons() {
  const exportMembers = useExportMembers();
  return (
    <div className="mt-3">
      <div className="d-flex flex-wrap gap-2">
        <Link className="btn btn-outline-primary" to={paths.membersImport.href()}>
          Mitglieder importieren
        </Link>
        <Button variant="outline-secondary" disabled={exportMembers.isPending} onClick={() => exportMembers.mutate('csv')}>
          Exportieren (CSV)
        </Button>
        <Button variant="outline-secondary" disabled={exportMembers.isPending} onClick={() => exportMembers.mutate('xlsx')}>
          Exportieren (Excel)
        </Button>
      </div>
      {exportMembers.isPending ? (
        <p className="small mt-1 mb-0" aria-live="polite">
          Export wird erstellt…
        </p>
      ) : null}
      {exportMembers.isError ? <ErrorAlert error={exportMembers.error} title="Der Export hat nicht geklappt." /> : null}
    </div>
  );
}
