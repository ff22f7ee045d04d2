export { HistoryCard } from './history-card';
export { CancelledAlertsCard } from './cancelled-alerts-card';
export type { HistoryCardProps } from './history-card';
export type { CancelledAlertsCardProps } from './cancelled-alerts-card';
export type { HistoryEntryView } from './history-entry';
