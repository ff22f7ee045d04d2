import { useState } from 'react';
import { Button } from '../button';
import { errorText } from '../internal/error-text';
import { useTimedMessage } from '../internal/use-timed-message';

/** Spec, part 2 section 9: the alert message is cleared after 2 seconds. */
export const ALERT_MESSAGE_MS = 2000;

export interface PartnerAlertsProps {
  onAlertAura: () => Promise<void>;
  onAlertCapitalAir: () => Promise<void>;
}

type Partner = 'aura' | 'capital-air';
type Message = { tone: 'success' | 'error'; text: string };

/** The two partner alert buttons and their shared 2-second message. */
export function PartnerAlerts({ onAlertAura, onAlertCapitalAir }: PartnerAlertsProps) {
  const [sending, setSending] = useState<Partner | null>(null);
  const [message, showMessage] = useTimedMessage<Message>(ALERT_MESSAGE_MS);

  const send = async (partner: Partner, action: () => Promise<void>) => {
    setSending(partner);
    try {
      await action();
      showMessage({ tone: 'success', text: 'Alert sent' });
    } catch (error) {
      showMessage({ tone: 'error', text: errorText(error, 'Failed to send alert') });
    } finally {
      setSending(null);
    }
  };

  return (
    <>
      <Button
        variant="danger"
        busy={sending === 'aura'}
        disabled={sending !== null}
        onClick={() => void send('aura', onAlertAura)}
      >
        Alert Aura
      </Button>
      <Button
        variant="danger"
        busy={sending === 'capital-air'}
        disabled={sending !== null}
        onClick={() => void send('capital-air', onAlertCapitalAir)}
      >
        Alert Capital Air
      </Button>
      {/* Both live regions stay mounted so screen readers announce the text when it appears. */}
      <p role="status" className="sn-vehicle-card__message sn-vehicle-card__message--success">
        {message?.tone === 'success' ? message.text : null}
      </p>
      <p role="alert" className="sn-vehicle-card__message sn-vehicle-card__message--error">
        {message?.tone === 'error' ? message.text : null}
      </p>
    </>
  );
}
