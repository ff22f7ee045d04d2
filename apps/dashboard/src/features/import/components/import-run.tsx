import { importErrorsFileName, importReportFileName } from '@sentinel/domain';
import type { ImportJob } from '@sentinel/domain';
import { Alert, Button, Import } from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { useCancelMutation } from '../api/import-queries';
import { saveCsv } from './import-page';
import { ImportRows } from './import-rows';

const ENDED: Record<string, string> = {
  Completed: 'The import is complete.',
  Cancelled: 'The import was cancelled. Rows already imported stay.',
  Failed: 'The import stopped because of an error. Rows already imported stay.',
};

/** A running or finished import: progress, cancel, and the report. */
export function ImportRun({ job, onAnother }: { job: ImportJob; onAnother: () => void }) {
  const api = useApiClient();
  const cancel = useCancelMutation(job.id);
  const running = job.status === 'Running';
  const { created, updated, unchanged, invalid, failed } = job.result;

  return (
    <div className="import-page__run">
      <h2>Import of {job.fileName}</h2>
      <Import.Progress job={job} />
      {running ? (
        <Button
          variant="danger"
          onClick={() => cancel.mutate()}
          busy={cancel.isPending}
          busyLabel="Cancelling"
        >
          Cancel import
        </Button>
      ) : (
        <>
          <Alert variant={job.status === 'Completed' ? 'success' : 'error'}>{ENDED[job.status]}</Alert>
          <p className="import-page__result">
            Created {created}, updated {updated}, unchanged {unchanged}, with errors {invalid}, failed{' '}
            {failed}.
          </p>
          <div className="import-page__actions">
            <Button
              variant="secondary"
              onClick={() =>
                void api.imports.reportCsv(job.id).then((text) => saveCsv(text, importReportFileName(job.id)))
              }
            >
              Download report
            </Button>
            {invalid + failed > 0 && (
              <Button
                variant="secondary"
                onClick={() =>
                  void api.imports
                    .errorsCsv(job.id)
                    .then((text) => saveCsv(text, importErrorsFileName(job.id)))
                }
              >
                Download rows with errors
              </Button>
            )}
            <Button onClick={onAnother}>Import another file</Button>
          </div>
          <ImportRows jobId={job.id} errorsOnly={false} />
        </>
      )}
    </div>
  );
}
