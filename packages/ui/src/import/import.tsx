import { useEffect, useId, useState } from 'react';
import type { ChangeEvent, DragEvent } from 'react';
import { clsx } from 'clsx';
import { IMPORT_MAX_FILE_BYTES, IMPORT_MESSAGES } from '@sentinel/domain';
import type { ImportField, ImportJob, ImportMapping, ImportRow } from '@sentinel/domain';
import { Select } from '../select';
import { VirtualList } from '../virtual-list';

/*
 * The bulk import's widgets, as compound parts: Import.FileDrop, Import.ColumnMapping,
 * Import.Counts, Import.PreviewTable and Import.Progress. Presentational: the screen holds the
 * job and the rows and passes them in.
 */

export interface ImportFieldInfo {
  key: ImportField;
  label: string;
}

// ---------------------------------------------------------------------------------------------
// FileDrop

export interface ImportFileDropProps {
  /** Called with a file the import can take (a .csv or .xlsx within the size limit). */
  onFile: (file: File) => void;
  /** The largest file accepted, in bytes. @default IMPORT_MAX_FILE_BYTES (20 MB) */
  maxBytes?: number | undefined;
  /** A message from the server about the file, shown under the drop area. */
  error?: string | undefined;
  /** @default false */
  disabled?: boolean | undefined;
  className?: string;
}

const ACCEPTED = ['.csv', '.xlsx'];

/** A drop area and file picker for a CSV file or an Excel workbook. */
function FileDrop({
  onFile,
  maxBytes = IMPORT_MAX_FILE_BYTES,
  error,
  disabled = false,
  className,
}: ImportFileDropProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const [refusal, setRefusal] = useState<string | undefined>();
  const [dragging, setDragging] = useState(false);
  const shown = refusal ?? error;

  const take = (file: File | undefined) => {
    if (!file) return;
    const name = file.name.toLowerCase();
    if (!ACCEPTED.some((extension) => name.endsWith(extension))) setRefusal(IMPORT_MESSAGES.fileType);
    else if (file.size > maxBytes) setRefusal(IMPORT_MESSAGES.fileTooLarge);
    else {
      setRefusal(undefined);
      onFile(file);
    }
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) take(event.dataTransfer.files[0]);
  };

  return (
    <div
      className={clsx('sn-import-drop', dragging && 'sn-import-drop--over', className)}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <label htmlFor={inputId} className="sn-import-drop__label">
        <span className="sn-import-drop__title">Choose a file or drop it here</span>
        <span className="sn-import-drop__hint">CSV (.csv) or Excel workbook (.xlsx), up to 20 MB</span>
      </label>
      <input
        id={inputId}
        type="file"
        accept={ACCEPTED.join(',')}
        disabled={disabled}
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? errorId : undefined}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          take(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {shown && (
        <p id={errorId} role="alert" className="sn-import-drop__error">
          {shown}
        </p>
      )}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// ColumnMapping

export interface ImportColumnMappingProps {
  /** The file's header row. */
  headers: readonly string[];
  /** The fields, in the template's order. */
  fields: readonly ImportFieldInfo[];
  /** The chosen column per field; a field left out has none. */
  mapping: ImportMapping;
  /** Called with the field and its new column, or undefined for 'Not in the file'. */
  onChange: (field: ImportField, column: number | undefined) => void;
  /** Fields that must have a column. */
  required: readonly ImportField[];
  /** @default false */
  disabled?: boolean | undefined;
  className?: string;
}

const NONE = 'none';

/** One column picker per field, for files whose headers differ from the template's. */
function ColumnMapping({
  headers,
  fields,
  mapping,
  onChange,
  required,
  disabled,
  className,
}: ImportColumnMappingProps) {
  const options = [
    { value: NONE, label: 'Not in the file' },
    ...headers.map((header, column) => ({
      value: String(column),
      label: header === '' ? `Column ${column + 1}` : header,
    })),
  ];
  return (
    <fieldset className={clsx('sn-import-mapping', className)} disabled={disabled}>
      <legend>Columns</legend>
      {fields.map((field) => {
        const column = mapping[field.key];
        const missing = required.includes(field.key) && column === undefined;
        return (
          <Select
            key={field.key}
            label={field.label}
            value={column === undefined ? NONE : String(column)}
            options={options}
            onValueChange={(value) => onChange(field.key, value === NONE ? undefined : Number(value))}
            error={missing ? IMPORT_MESSAGES.mappingRequired : undefined}
            disabled={disabled}
          />
        );
      })}
    </fieldset>
  );
}

// ---------------------------------------------------------------------------------------------
// Counts

export interface ImportCountsProps {
  /** The preview's counts of the rows. */
  counts: ImportJob['preview'];
  className?: string;
}

/** What the preview found: how many rows are new, updated, unchanged and have errors. */
function Counts({ counts, className }: ImportCountsProps) {
  const items = [
    ['New', counts.new, 'new'],
    ['Updated', counts.updated, 'updated'],
    ['Unchanged', counts.unchanged, 'unchanged'],
    ['With errors', counts.invalid, 'invalid'],
  ] as const;
  return (
    <dl className={clsx('sn-import-counts', className)}>
      {items.map(([label, value, tone]) => (
        <div key={label} className={clsx('sn-import-counts__item', `sn-import-counts__item--${tone}`)}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

// ---------------------------------------------------------------------------------------------
// PreviewTable

export interface ImportPreviewTableProps {
  /** The rows loaded so far, in order. */
  rows: readonly ImportRow[];
  /** The fields to show, in order. */
  fields: readonly ImportFieldInfo[];
  /** How many rows there are in all, when more than `rows` are loaded so far. */
  totalCount?: number | undefined;
  /**
   * Called when the person scrolls near the end of the loaded rows while `totalCount` says more
   * remain, to load the next page; it may be called again before they arrive.
   */
  onNearEnd?: (() => void) | undefined;
  /** Height of the scroll area. @default '60vh' */
  height?: number | string | undefined;
  className?: string;
}

/** Rows this close to the end of those loaded ask for more. */
const LOAD_AHEAD_ROWS = 5;

/** Mounts with the last rows of the window: the list renders only rows in view. */
function NearEnd({ onReached }: { onReached: () => void }) {
  useEffect(() => onReached(), [onReached]);
  return null;
}

/**
 * The file's rows with each cell's value and, under a faulty cell, its error; only rows in view
 * render, and scrolling near the end of those loaded asks for more (onNearEnd).
 */
function PreviewTable({
  rows,
  fields,
  totalCount,
  onNearEnd,
  height = '60vh',
  className,
}: ImportPreviewTableProps) {
  const more = totalCount !== undefined && totalCount > rows.length;
  return (
    <div className={clsx('sn-import-preview', className)}>
      {more && (
        <p className="sn-import-preview__more">
          Showing {rows.length} of {totalCount} rows
        </p>
      )}
      <VirtualList
        label="Rows"
        items={rows}
        estimateSize={72}
        gap={4}
        height={height}
        getKey={(row) => row.rowNumber}
        renderItem={(row, index) => (
          <div className={clsx('sn-import-row', row.plan === 'Invalid' && 'sn-import-row--invalid')}>
            {more && onNearEnd && index >= rows.length - LOAD_AHEAD_ROWS && <NearEnd onReached={onNearEnd} />}
            <div className="sn-import-row__head">
              <span className="sn-import-row__number">Row {row.rowNumber}</span>
              <span className={`sn-import-row__plan sn-import-row__plan--${row.plan.toLowerCase()}`}>
                {row.outcome ?? row.plan}
              </span>
            </div>
            <dl className="sn-import-row__cells">
              {fields.map((field) => {
                const errors = row.errors[field.key];
                const value = row.values[field.key];
                if (!errors && (value === undefined || value === '')) return null;
                return (
                  <div
                    key={field.key}
                    className={clsx('sn-import-cell', errors && 'sn-import-cell--invalid')}
                  >
                    <dt>{field.label}</dt>
                    <dd>
                      {value === undefined || value === '' ? (
                        <span className="sn-import-cell__empty">(empty)</span>
                      ) : (
                        value
                      )}
                      {errors?.map((message) => (
                        <span key={message} className="sn-import-cell__error">
                          {message}
                        </span>
                      ))}
                    </dd>
                  </div>
                );
              })}
            </dl>
            {row.message && <p className="sn-import-row__message">{row.message}</p>}
          </div>
        )}
      />
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Progress

export interface ImportProgressProps {
  job: Pick<ImportJob, 'rowsDone' | 'totalRows' | 'ratePerSecond' | 'secondsLeft' | 'status'>;
  className?: string;
}

/** '2 min 5 s' for 125 seconds. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const minutes = Math.floor(whole / 60);
  return minutes === 0 ? `${whole % 60} s` : `${minutes} min ${whole % 60} s`;
}

/** The run's progress bar: rows done of the total, the rate, and the time left. */
function Progress({ job, className }: ImportProgressProps) {
  const percent = job.totalRows === 0 ? 100 : Math.floor((job.rowsDone / job.totalRows) * 100);
  return (
    <div className={clsx('sn-import-progress', className)}>
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={job.totalRows}
        aria-valuenow={job.rowsDone}
        aria-valuetext={`${job.rowsDone} of ${job.totalRows} rows`}
        className="sn-import-progress__track"
      >
        <div className="sn-import-progress__bar" style={{ width: `${percent}%` }} />
      </div>
      <p className="sn-import-progress__text">
        <span>
          {job.rowsDone} of {job.totalRows} rows
        </span>
        {job.ratePerSecond !== null && <span>{job.ratePerSecond} rows/s</span>}
        {job.status === 'Running' && job.secondsLeft !== null && (
          <span>About {formatDuration(job.secondsLeft)} left</span>
        )}
      </p>
    </div>
  );
}

export const Import = { FileDrop, ColumnMapping, Counts, PreviewTable, Progress };
