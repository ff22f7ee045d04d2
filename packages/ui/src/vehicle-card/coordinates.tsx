import { Button } from '../button';
import { CopyIcon } from '../internal/icons';
import { useTimedMessage } from '../internal/use-timed-message';

/** Spec, part 2 section 9: copy feedback lasts 1 second. */
export const COPY_FEEDBACK_MS = 1000;

export interface GpsCoordinates {
  latitude: number;
  longitude: number;
}

export function formatCoordinates({ latitude, longitude }: GpsCoordinates): string {
  return `${latitude}, ${longitude}`;
}

/** 'lat, long' with a copy button, or 'GPS coordinates unavailable'. */
export function Coordinates({ coordinates }: { coordinates: GpsCoordinates | null }) {
  const [feedback, showFeedback] = useTimedMessage<string>(COPY_FEEDBACK_MS);

  if (coordinates === null) {
    return <p className="sn-coordinates sn-coordinates--unavailable">GPS coordinates unavailable</p>;
  }
  const text = formatCoordinates(coordinates);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      showFeedback('Copied');
    } catch {
      // No clipboard (insecure context, permission refused): say so rather than pretend.
      showFeedback('Could not copy');
    }
  };
  return (
    <div className="sn-coordinates">
      <span className="sn-coordinates__value">{text}</span>
      <Button
        variant="ghost"
        className="sn-coordinates__copy"
        aria-label="Copy coordinates"
        onClick={() => void copy()}
      >
        <CopyIcon />
        Copy
      </Button>
      <span role="status" className="sn-coordinates__feedback">
        {feedback}
      </span>
    </div>
  );
}
