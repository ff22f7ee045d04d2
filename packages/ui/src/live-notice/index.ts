export { LiveNotice, LIVE_NOTICE_DURATION_MS } from './live-notice';
export type { LiveNoticeProps, LiveNoticeItem } from './live-notice';
