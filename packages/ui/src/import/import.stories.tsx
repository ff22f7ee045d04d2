import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { FIELDS, sampleRows } from './fixtures';
import { Import } from './import';

const meta = {
  title: 'Widgets/Import',
  component: Import.Counts,
  args: { counts: { new: 940, updated: 12, unchanged: 3, invalid: 45 } },
} satisfies Meta<typeof Import.Counts>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Counts: Story = {};

export const FileDrop: Story = {
  render: () => <Import.FileDrop onFile={fn()} />,
};

export const FileDropWithServerError: Story = {
  render: () => <Import.FileDrop onFile={fn()} error="The file has no rows below its header row" />,
};

export const ColumnMapping: Story = {
  render: () => (
    <Import.ColumnMapping
      headers={['Name', 'Surname', 'Email', 'Cellphone', 'ID', 'Registration']}
      fields={FIELDS.slice(0, 5)}
      mapping={{
        'Holder.FirstName': 0,
        'Holder.LastName': 1,
        'Holder.Email': 2,
        'Vehicle.RegistrationNumber': 5,
      }}
      required={[
        'Holder.FirstName',
        'Holder.LastName',
        'Holder.Email',
        'Holder.PhoneNumber',
        'Holder.IdNumber',
      ]}
      onChange={fn()}
    />
  ),
};

export const PreviewWithErrors: Story = {
  render: () => <Import.PreviewTable rows={sampleRows(30)} fields={FIELDS} height={480} />,
};

/** The first page of a 50,000-row file: scrolling near its end calls onNearEnd for the next. */
export const PreviewFirstPageOfMany: Story = {
  render: () => (
    <Import.PreviewTable
      rows={sampleRows(200)}
      totalCount={50_000}
      fields={FIELDS}
      height={480}
      onNearEnd={fn()}
    />
  ),
};

export const Progress: Story = {
  render: () => (
    <Import.Progress
      job={{ rowsDone: 12_500, totalRows: 50_000, ratePerSecond: 480, secondsLeft: 78, status: 'Running' }}
    />
  ),
};
