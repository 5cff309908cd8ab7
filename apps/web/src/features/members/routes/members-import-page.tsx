import { useSearchParams } from 'react-router-dom';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PageSpinner } from '@/components/ui/loading-spinner';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useMemberImport } from '../api/member-imports';
import { ImportCommitCard } from '../components/import-commit-card';
import { ImportPreview } from '../components/import-preview';
import { ImportSettingsForm } from '../components/import-settings-form';
import { ImportUploadCard } from '../components/import-upload-card';

function idOf(value: string | null): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : null;
}

/** A club moving in: its member list from Excel or another club system, checked row by row, then imported at once. */
export default function MembersImportPage() {
  const [params, setParams] = useSearchParams();
  const id = idOf(params.get('id'));
  const current = useMemberImport(id);

  return (
    <>
      <PageHeader
        title="Mitglieder importieren"
        intro="Die Mitgliederliste aus Excel oder einem anderen Vereinsprogramm übernehmen: prüfen, korrigieren, dann alles auf einmal importieren."
      >
        <p className="mt-2 mb-0">
          <Link to={paths.members.href()}>Zurück zu den Mitgliedern</Link>
        </p>
      </PageHeader>
      {id === null ? null : current.isPending ? (
        <PageSpinner label="Import wird geladen…" />
      ) : current.isError ? (
        <ErrorAlert error={current.error} title="Dieser Import lässt sich nicht öffnen." />
      ) : current.data.result ? (
        // Done: the counts first, then a next file can be chosen.
        <ImportCommitCard data={current.data} />
      ) : (
        <>
          <p>
            Datei <strong>{current.data.fileName}</strong>
          </p>
          <ImportSettingsForm data={current.data} />
          <ImportPreview data={current.data} />
          <ImportCommitCard data={current.data} />
        </>
      )}
      {id === null || current.data?.result ? <ImportUploadCard onUploaded={(created) => setParams({ id: String(created.id) })} /> : null}
    </>
  );
}
