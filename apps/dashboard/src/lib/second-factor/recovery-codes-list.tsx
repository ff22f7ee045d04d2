import { useState } from 'react';
import { Alert, Button } from '@sentinel/ui';

/**
 * A new set of recovery codes, shown once: each works once in place of the second factor. The
 * person confirms they saved them before going on.
 */
export function RecoveryCodesList({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <section aria-labelledby="recovery-codes-title" className="recovery-codes">
      <h2 id="recovery-codes-title">Your recovery codes</h2>
      <Alert variant="info">
        Keep these codes somewhere safe. Each one signs you in once if you lose your authenticator app or
        passkey. They are not shown again.
      </Alert>
      <ol aria-label="Recovery codes" className="recovery-codes__list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <Button
        type="button"
        busy={busy}
        onClick={() => {
          setBusy(true);
          onDone();
        }}
      >
        I have saved these codes
      </Button>
    </section>
  );
}
