import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { IMPORT_TEMPLATE_XLSX_FILE_NAME, ROLE } from '@sentinel/domain';
import { Alert, Button, Import, PageHeader, Select, Spinner } from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { userKeys, vehicleKeys } from '../../../lib/server-cache';
import { authorisedUserAtom } from '../../../lib/session';
import { importQueries, useUploadMutation } from '../api/import-queries';
import { ImportPreview } from './import-preview';
import { ImportRun } from './import-run';
import './import.css';

const NO_COMPANY = 'none';

/** Saves a CSV text the api answered under its file name. */
export function saveCsv(text: string, fileName: string) {
  saveFile(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);
}

/**
 * /agent/import: upload a file, preview it, import it and read the report. The job's id is kept in
 * the address (?job=), so a reload shows the same job with its progress.
 */
export function ImportPage() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [templateFailed, setTemplateFailed] = useState(false);
  const role = useAtomValue(authorisedUserAtom)?.userRole ?? '';
  const [params, setParams] = useSearchParams();
  const jobId = Number(params.get('job') ?? 0);
  const [companyId, setCompanyId] = useState(NO_COMPANY);
  const upload = useUploadMutation();
  const companies = useQuery(importQueries.companies(api));
  const job = useQuery({ ...importQueries.job(api, jobId), enabled: jobId > 0 });
  const status = job.data?.status;

  // The run's new holders and vehicles belong in the lists once it has ended.
  useEffect(() => {
    if (status === 'Completed' || status === 'Cancelled') {
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      void queryClient.invalidateQueries({ queryKey: vehicleKeys.all });
    }
  }, [status, queryClient]);

  const companyAdmin = role === ROLE.companyAdmin;
  const choices = (companies.data?.items ?? []).map((company) => ({
    value: String(company.id),
    label: company.name,
  }));
  const chosen = companyId === NO_COMPANY ? null : Number(companyId);
  const uploadError = upload.error instanceof Error ? upload.error.message : undefined;

  const onFile = async (file: File) => {
    const answer = await upload.mutateAsync({ file, companyId: chosen }).catch(() => null);
    if (answer) setParams({ job: String(answer.id) });
  };

  return (
    <section className="import-page">
      <PageHeader
        title="Import"
        actions={
          <Button
            variant="secondary"
            onClick={() => {
              setTemplateFailed(false);
              api.imports.templateWorkbook().then(
                (blob) => saveFile(blob, IMPORT_TEMPLATE_XLSX_FILE_NAME),
                () => setTemplateFailed(true),
              );
            }}
          >
            Download template
          </Button>
        }
      />
      {templateFailed && (
        <Alert variant="error">The template could not be downloaded. Please try again.</Alert>
      )}
      {jobId === 0 && (
        <div className="import-page__start">
          <p>
            Upload account holders, their drivers and vehicles from a spreadsheet. Nothing is written until
            you have seen the preview.
          </p>
          <p>
            The template's second sheet says what each column accepts. Its example row is skipped while it is
            unchanged: type your first row over it or delete it.
          </p>
          <Select
            label="Company"
            value={companyId}
            onValueChange={setCompanyId}
            options={companyAdmin ? choices : [{ value: NO_COMPANY, label: 'No company' }, ...choices]}
            placeholder="Select a company"
          />
          {upload.isPending ? (
            <Spinner label="Reading the file" />
          ) : (
            <Import.FileDrop
              onFile={(file) => void onFile(file)}
              error={uploadError}
              disabled={companyAdmin && chosen === null}
            />
          )}
        </div>
      )}
      {jobId > 0 && job.isPending && <Spinner label="Loading the import" />}
      {jobId > 0 && job.isError && <Alert variant="error">This import could not be loaded.</Alert>}
      {job.data?.status === 'Previewed' && <ImportPreview job={job.data} onAnother={() => setParams({})} />}
      {job.data && job.data.status !== 'Previewed' && (
        <ImportRun job={job.data} onAnother={() => setParams({})} />
      )}
    </section>
  );
}
