export { AlarmTimeline } from './alarm-timeline';
export type { AlarmTimelineProps } from './alarm-timeline';
