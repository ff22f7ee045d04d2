export { AlarmQueueRow } from './alarm-queue-row';
export type { AlarmQueueRowProps } from './alarm-queue-row';
