import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import type { MemberImport } from '@club/contract';
import { ErrorAlert } from '@/components/ui/error-alert';
import { FilePicker } from '@/components/ui/file-picker';
import { SectionCard } from '@/components/ui/section-card';
import { useUploadMemberImport } from '../api/member-imports';

/** Step 1: choose (or drop) the CSV or XLSX file; the upload's progress, then the server reading it. */
export function ImportUploadCard({ onUploaded }: { onUploaded: (result: MemberImport) => void }) {
  const upload = useUploadMemberImport();
  const [file, setFile] = useState<File | null>(null);
  const [share, setShare] = useState(0);
  const [dragging, setDragging] = useState(false);

  const send = (chosen: File) => {
    setShare(0);
    upload.mutate({ file: chosen, onProgress: setShare }, { onSuccess: onUploaded });
  };

  return (
    <SectionCard id="import-file" title="1. Datei wählen">
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (file) send(file);
        }}
      >
        <div
          className={`border rounded p-3 mb-3 ${dragging ? 'border-primary bg-light' : 'border-secondary-subtle'}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault();
            setDragging(false);
            const dropped = event.dataTransfer.files[0];
            if (dropped) setFile(dropped);
          }}
        >
          <label htmlFor="import-file-input" className="form-label">
            Mitgliederliste (CSV oder Excel .xlsx, höchstens 10 MB)
          </label>
          <FilePicker
            id="import-file-input"
            accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            chosen={file?.name}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            aria-describedby="import-file-help"
          />
          <div id="import-file-help" className="form-text">
            Sie können die Datei auch hierher ziehen. Die erste Zeile muss die Spaltentitel enthalten.
          </div>
        </div>
        {upload.isPending ? (
          <div className="mb-3" aria-live="polite">
            {share < 1 ? (
              <ProgressBar now={Math.round(share * 100)} label={`${Math.round(share * 100)} %`} aria-label="Datei wird hochgeladen" />
            ) : (
              <ProgressBar animated now={100} aria-label="Datei wird gelesen und geprüft" />
            )}
            <p className="small mt-1 mb-0">{share < 1 ? 'Datei wird hochgeladen…' : 'Datei wird gelesen und jede Zeile geprüft…'}</p>
          </div>
        ) : null}
        {upload.isError ? <ErrorAlert error={upload.error} title="Die Datei konnte nicht gelesen werden." /> : null}
        <Button type="submit" disabled={!file || upload.isPending}>
          Datei hochladen
        </Button>
      </Form>
    </SectionCard>
  );
}
