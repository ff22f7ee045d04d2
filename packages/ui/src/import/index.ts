export { Import, formatDuration } from './import';
export type {
  ImportFieldInfo,
  ImportFileDropProps,
  ImportColumnMappingProps,
  ImportCountsProps,
  ImportPreviewTableProps,
  ImportProgressProps,
} from './import';
