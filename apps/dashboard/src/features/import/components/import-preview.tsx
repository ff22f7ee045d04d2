import { useState } from 'react';
import { IMPORT_FIELDS, IMPORT_REQUIRED_FIELDS, importErrorsFileName } from '@sentinel/domain';
import type { ImportField, ImportJob, ImportMapping } from '@sentinel/domain';
import { Alert, Button, Checkbox, Import, Switch } from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { useCancelMutation, useMappingMutation, useStartMutation } from '../api/import-queries';
import { saveCsv } from './import-page';
import { ImportRows } from './import-rows';

/** A previewed file: its counts, columns, rows with their errors, and the way on to the import. */
export function ImportPreview({ job, onAnother }: { job: ImportJob; onAnother: () => void }) {
  const api = useApiClient();
  const [errorsOnly, setErrorsOnly] = useState(false);
  const [sendLinks, setSendLinks] = useState(false);
  const map = useMappingMutation(job.id);
  const start = useStartMutation(job.id);
  const cancel = useCancelMutation(job.id);
  const toImport = job.preview.new + job.preview.updated;

  const onMapping = (field: ImportField, column: number | undefined) => {
    const mapping: ImportMapping = { ...(job.mapping as ImportMapping) };
    if (column === undefined) delete mapping[field];
    else mapping[field] = column;
    map.mutate(mapping);
  };

  return (
    <div className="import-page__preview">
      <h2>Preview of {job.fileName}</h2>
      <Import.Counts counts={job.preview} />
      {job.preview.invalid > 0 && (
        <Alert variant="error">
          {job.preview.invalid} rows have errors and will not be imported. Download them, fix them and upload
          the file again.
        </Alert>
      )}
      <details className="import-page__mapping">
        <summary>Columns</summary>
        <Import.ColumnMapping
          headers={job.headers}
          fields={IMPORT_FIELDS}
          mapping={job.mapping as ImportMapping}
          required={IMPORT_REQUIRED_FIELDS}
          onChange={onMapping}
          disabled={map.isPending}
        />
      </details>
      <div className="import-page__actions">
        <Switch label="Only rows with errors" checked={errorsOnly} onCheckedChange={setErrorsOnly} />
        {job.preview.invalid > 0 && (
          <Button
            variant="secondary"
            onClick={() =>
              void api.imports.errorsCsv(job.id).then((text) => saveCsv(text, importErrorsFileName(job.id)))
            }
          >
            Download rows with errors
          </Button>
        )}
      </div>
      <ImportRows jobId={job.id} errorsOnly={errorsOnly} />
      <Checkbox
        label="Send password creation links to new account holders"
        checked={sendLinks}
        onCheckedChange={setSendLinks}
      />
      <div className="import-page__actions">
        <Button
          onClick={() => start.mutate(sendLinks)}
          disabled={toImport === 0}
          busy={start.isPending}
          busyLabel="Starting"
        >
          Import {toImport} rows
        </Button>
        <Button variant="ghost" onClick={() => void cancel.mutateAsync().then(onAnother)}>
          Upload another file
        </Button>
      </div>
    </div>
  );
}
