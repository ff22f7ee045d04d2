import { Toast } from 'radix-ui';
import { clsx } from 'clsx';

/** Spec leaves the tamper message's handling open; a notice stays about 10 s unless hovered or focused. */
export const LIVE_NOTICE_DURATION_MS = 10_000;

export interface LiveNoticeItem {
  id: string | number;
  /** Names the vehicle, e.g. 'Tamper alert: Bakkie (CA 123-456)'. */
  title: string;
  description?: string | undefined;
}

export interface LiveNoticeProps {
  /** The notices to show, oldest first; remove one from the list in `onDismiss`. */
  notices: readonly LiveNoticeItem[];
  /** Called when a notice times out, is closed, swiped away or dismissed with Escape. */
  onDismiss: (id: LiveNoticeItem['id']) => void;
  /** How long a notice stays, in ms; hovering or focusing the stack pauses it. @default 10000 */
  duration?: number | undefined;
  /** Names the notice region for assistive technology (F8 jumps to it). @default 'Live alerts' */
  label?: string | undefined;
  className?: string;
}

/**
 * A non-blocking stack of live notices (Radix Toast) for tamper alerts arriving over the hub. Radix
 * announces each through its own assertive role="status" region (type 'foreground') without taking
 * focus from the person's work; the notices themselves are list items in a region named by `label`.
 */
export function LiveNotice({
  notices,
  onDismiss,
  duration = LIVE_NOTICE_DURATION_MS,
  label = 'Live alerts',
  className,
}: LiveNoticeProps) {
  return (
    // The provider's label prefixes each announcement; the viewport's names the region.
    <Toast.Provider duration={duration} swipeDirection="right" label="Alert">
      {notices.map((notice) => (
        <Toast.Root
          key={notice.id}
          type="foreground"
          open
          onOpenChange={(open) => {
            if (!open) onDismiss(notice.id);
          }}
          className="sn-notice"
        >
          <div className="sn-notice__text">
            <Toast.Title className="sn-notice__title">{notice.title}</Toast.Title>
            {/* Radix joins the text it announces without separators: keep title and description apart. */}{' '}
            {notice.description !== undefined && notice.description !== '' && (
              <Toast.Description className="sn-notice__description">{notice.description}</Toast.Description>
            )}
          </div>
          <Toast.Close className="sn-icon-button sn-notice__close" aria-label={`Dismiss ${notice.title}`}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path
                d="M6 6l12 12M18 6L6 18"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className={clsx('sn-notice-viewport', className)} label={`${label} ({hotkey})`} />
    </Toast.Provider>
  );
}
