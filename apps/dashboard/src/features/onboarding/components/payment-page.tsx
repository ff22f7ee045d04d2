import { useState } from 'react';
import type { FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { errorText } from '@sentinel/api-sdk';
import { canSubmitPayment, DEPOSIT_DUE_CENTS, formatRand, PATHS, PAYMENT_CONSENTS } from '@sentinel/domain';
import { Alert, Button, Checkbox, PageHeader, Spinner } from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { installationQueries } from '../api/installation-queries';
import { paymentQueries, usePaymentMutations } from '../api/payment-queries';
import '../../../lib/staff-screens.css';

/**
 * /agent/onboarding/client/{vehicleId}/payment: a plan and the three consents, then the deposit
 * link goes to the client (an offline plan needs none). A vehicle whose deposit is still due can
 * have the link sent again. Success goes to the scheduled list.
 */
export function PaymentPage() {
  const vehicleId = Number(useParams().clientId);
  const api = useApiClient();
  const navigate = useNavigate();
  const vehicle = useQuery(installationQueries.vehicle(api, vehicleId));
  const plans = useQuery(paymentQueries.plans(api));
  const mutations = usePaymentMutations();
  const [planId, setPlanId] = useState<number | null>(null);
  const [consents, setConsents] = useState<boolean[]>(PAYMENT_CONSENTS.map(() => false));
  const [failure, setFailure] = useState<string | null>(null);

  if (vehicle.isPending || plans.isPending) return <Spinner label="Loading" />;
  const current = vehicle.data ?? null;
  const available = (plans.data ?? []).filter((plan) => plan.available);
  const chosen = available.find((plan) => plan.id === planId) ?? null;
  const depositDue = current?.subscriptionId != null && current.subscriptionDepositAmountPaid === null;
  const busy = mutations.subscribe.isPending || mutations.retry.isPending;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (chosen === null || !canSubmitPayment(true, consents) || busy) return;
    setFailure(null);
    try {
      await mutations.subscribe.mutateAsync({
        offline: chosen.isOffline,
        request: {
          subscriptionPlanId: chosen.id,
          vehicleId,
          isOffline: chosen.isOffline,
          initiallyPayDepositOnly: true,
          installationBooking: null,
          createdByAgentOnBehalfOfUser: true,
        },
      });
    } catch (error) {
      setFailure(errorText(error));
      return;
    }
    await navigate(PATHS.scheduled);
  }

  async function sendAgain() {
    if (current?.subscriptionId == null) return;
    setFailure(null);
    try {
      await mutations.retry.mutateAsync(current.subscriptionId);
    } catch (error) {
      setFailure(errorText(error));
      return;
    }
    await navigate(PATHS.scheduled);
  }

  return (
    <section className="person-form-page">
      <PageHeader title={`Payment: deposit due ${formatRand(DEPOSIT_DUE_CENTS)}`} />
      {current !== null && (
        <p>
          {current.makeVariant} {current.registrationNumber}, {current.userFirstName} {current.userLastName}
        </p>
      )}
      {failure !== null && <Alert variant="error">{failure}</Alert>}
      {depositDue ? (
        <div className="person-form">
          <Alert variant="info" title="The deposit link was sent">
            The client has not paid the deposit yet.
          </Alert>
          <Button type="button" busy={busy} busyLabel="Submitting" onClick={() => void sendAgain()}>
            Send the payment link again
          </Button>
        </div>
      ) : (
        <form className="person-form" onSubmit={(event) => void submit(event)} noValidate>
          <fieldset className="payment-plans">
            <legend>Subscription plan</legend>
            {available.map((plan) => (
              <label key={plan.id} className="payment-plans__plan">
                <input
                  type="radio"
                  name="plan"
                  value={plan.id}
                  checked={planId === plan.id}
                  onChange={() => setPlanId(plan.id)}
                />
                <span>
                  <strong>{plan.displayName}</strong> {plan.description}
                </span>
              </label>
            ))}
          </fieldset>
          {PAYMENT_CONSENTS.map((consent, index) => (
            <Checkbox
              key={consent}
              label={consent}
              checked={consents[index] ?? false}
              onCheckedChange={(checked) =>
                setConsents((current) => current.map((value, at) => (at === index ? checked : value)))
              }
            />
          ))}
          <Button
            type="submit"
            disabled={!canSubmitPayment(chosen !== null, consents)}
            busy={busy}
            busyLabel="Submitting"
          >
            {chosen?.isOffline === true ? 'Confirm offline plan' : 'Send payment link'}
          </Button>
        </form>
      )}
    </section>
  );
}
