import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMPORT_MESSAGES } from '@sentinel/domain';
import { axeViolations } from '../test-utils/axe';
import { FIELDS, sampleRows } from './fixtures';
import { formatDuration, Import } from './import';

describe('Import.FileDrop', () => {
  describe('given a CSV file within the limit', () => {
    it('hands it on', () => {
      const onFile = vi.fn();
      render(<Import.FileDrop onFile={onFile} />);
      const file = new File(['a,b\n1,2'], 'fleet.csv', { type: 'text/csv' });
      fireEvent.change(screen.getByLabelText(/Choose a file/), { target: { files: [file] } });
      expect(onFile).toHaveBeenCalledWith(file);
    });
  });

  describe('given a file over the size limit', () => {
    it('refuses it with the clear message and hands on nothing', () => {
      const onFile = vi.fn();
      render(<Import.FileDrop onFile={onFile} maxBytes={3} />);
      const file = new File(['a,b\n1,2'], 'fleet.csv');
      fireEvent.change(screen.getByLabelText(/Choose a file/), { target: { files: [file] } });
      expect(screen.getByRole('alert')).toHaveTextContent(IMPORT_MESSAGES.fileTooLarge);
      expect(onFile).not.toHaveBeenCalled();
    });
  });

  describe('given a file of another type', () => {
    it('asks for a CSV file or a workbook', async () => {
      const { container } = render(<Import.FileDrop onFile={vi.fn()} />);
      fireEvent.change(screen.getByLabelText(/Choose a file/), {
        target: { files: [new File(['x'], 'fleet.pdf')] },
      });
      expect(screen.getByRole('alert')).toHaveTextContent(IMPORT_MESSAGES.fileType);
      expect(await axeViolations(container)).toEqual([]);
    });
  });
});

describe('Import.ColumnMapping', () => {
  it("offers the file's columns for each field and flags a required field without one", async () => {
    const onChange = vi.fn();
    const { container } = render(
      <Import.ColumnMapping
        headers={['Name', 'Email']}
        fields={FIELDS.slice(0, 3)}
        mapping={{ 'Holder.FirstName': 0 }}
        required={['Holder.FirstName', 'Holder.Email']}
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Account holder: Name' })).toHaveTextContent('Name');
    expect(screen.getByRole('combobox', { name: 'Account holder: Surname' })).toHaveTextContent(
      'Not in the file',
    );
    expect(screen.getAllByText(IMPORT_MESSAGES.mappingRequired)).toHaveLength(1);
    expect(await axeViolations(container)).toEqual([]);
  });
});

describe('Import.Counts', () => {
  it('shows how many rows are new, updated, unchanged and have errors', () => {
    render(<Import.Counts counts={{ new: 940, updated: 12, unchanged: 3, invalid: 45 }} />);
    expect(screen.getByText('New').nextElementSibling).toHaveTextContent('940');
    expect(screen.getByText('Updated').nextElementSibling).toHaveTextContent('12');
    expect(screen.getByText('Unchanged').nextElementSibling).toHaveTextContent('3');
    expect(screen.getByText('With errors').nextElementSibling).toHaveTextContent('45');
  });
});

describe('Import.PreviewTable', () => {
  // jsdom has no layout: give the scroll area 600 px and each row 60 px, as VirtualList's tests do.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(60);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  describe('given 50,000 rows', () => {
    it('renders only the rows in view, each faulty cell with its error', () => {
      render(<Import.PreviewTable rows={sampleRows(50_000)} fields={FIELDS} />);
      const items = within(screen.getByRole('list', { name: 'Rows' })).getAllByRole('listitem');
      expect(items.length).toBeLessThan(40);
      expect(items[0]).toHaveAttribute('aria-setsize', '50000');
      const tenth = items.find((item) => item.textContent?.includes('Row 10'));
      expect(tenth).toHaveTextContent('lindiwe-at-example');
      expect(tenth).toHaveTextContent('Please provide a valid email address');
    });
  });

  describe('given the first 1,000 rows of 50,000', () => {
    it('asks for more only once the person scrolls near the end of those loaded', async () => {
      const onNearEnd = vi.fn();
      render(
        <Import.PreviewTable
          rows={sampleRows(1000)}
          totalCount={50_000}
          fields={FIELDS}
          onNearEnd={onNearEnd}
        />,
      );
      expect(screen.getByText('Showing 1000 of 50000 rows')).toBeInTheDocument();
      expect(onNearEnd).not.toHaveBeenCalled();
      const scroller = screen.getByRole('list', { name: 'Rows' }).parentElement as HTMLElement;
      // To the bottom: rows not yet measured count at their estimated height.
      const bottom = parseFloat(screen.getByRole('list', { name: 'Rows' }).style.height) - 600;
      Object.defineProperty(scroller, 'scrollTop', { value: bottom, configurable: true });
      fireEvent.scroll(scroller);
      expect(
        await within(screen.getByRole('list', { name: 'Rows' })).findByText('Row 1000'),
      ).toBeInTheDocument();
      await waitFor(() => expect(onNearEnd).toHaveBeenCalled());
    });

    it('asks for nothing more when every row is loaded', () => {
      const onNearEnd = vi.fn();
      render(
        <Import.PreviewTable rows={sampleRows(8)} totalCount={8} fields={FIELDS} onNearEnd={onNearEnd} />,
      );
      expect(screen.getByText('Row 8')).toBeInTheDocument();
      expect(onNearEnd).not.toHaveBeenCalled();
      expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
    });
  });

  describe('given a few rows', () => {
    it('has no accessibility violations', async () => {
      const { container } = render(<Import.PreviewTable rows={sampleRows(12)} fields={FIELDS} />);
      expect(await axeViolations(container)).toEqual([]);
    });
  });
});

describe('Import.Progress', () => {
  it('shows the rows done of the total, the rate and the time left', async () => {
    const { container } = render(
      <Import.Progress
        job={{ rowsDone: 250, totalRows: 1000, ratePerSecond: 125, secondsLeft: 6, status: 'Running' }}
      />,
    );
    const bar = screen.getByRole('progressbar', { name: 'Import progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '250');
    expect(bar).toHaveAttribute('aria-valuemax', '1000');
    expect(screen.getByText('250 of 1000 rows')).toBeInTheDocument();
    expect(screen.getByText('125 rows/s')).toBeInTheDocument();
    expect(screen.getByText('About 6 s left')).toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('says minutes and seconds for longer runs', () => {
    expect(formatDuration(125)).toBe('2 min 5 s');
  });
});
