import { eventSubscriptionInputSchema, type ClubEvent, type EventSubscription } from '@club/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PageSpinner } from '@/components/ui/loading-spinner';
import { paths, serverPaths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { PAYMENT_MODE_TEXT } from '@/lib/payment-mode';
import { applyServerFieldErrors } from '@/lib/forms';
import { useSession } from '@/lib/session';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useSubscribeEvent } from '../api/subscribe-event';
import { multiplyMoney } from '@/lib/money';
import { placesText, withPlaces } from '../lib/events';

const formSchema = eventSubscriptionInputSchema
  .pick({ amount: true })
  .refine((v) => v.amount >= 1, { path: ['amount'], message: 'Bitte mindestens 1 Platz wählen.' });
type FormInput = z.input<typeof formSchema>;

/** What the member has now, in words. */
function OwnStatus({ event }: { event: ClubEvent }) {
  const own = event.subscription;
  if (!own) return null;
  if (own.status === 'CONFIRMED') {
    return (
      <Alert variant="success" className="mb-3" data-testid="subscription-status">
        <strong>Sie sind angemeldet</strong> {withPlaces(own.amount)}.
      </Alert>
    );
  }
  return (
    <Alert variant="warning" className="mb-3" data-testid="subscription-status">
      <strong>Sie stehen auf der Warteliste</strong> {withPlaces(own.amount)}
      {own.waitingPosition ? ` (Position ${own.waitingPosition})` : ''}. Sobald genug Plätze frei werden, rücken Sie automatisch nach und
      erhalten eine E-Mail.
    </Alert>
  );
}

/** The answer of the last request, announced to screen readers. */
function Answer({ answer }: { answer: EventSubscription | null }) {
  if (!answer) return null;
  return (
    <p className="visually-hidden" role="status">
      {answer.status === 'CONFIRMED' ? `Angemeldet ${withPlaces(answer.amount)}.` : `Auf der Warteliste ${withPlaces(answer.amount)}.`}
    </p>
  );
}

/**
 * Subscribing on the event page: the amount (up to the places per member), the price
 * total, the waiting list when the places are not left (or the server says so), changing
 * the amount and cancelling through the confirm dialog. Visitors are sent to the login and back.
 */
export function SubscriptionPanel({ event }: { event: ClubEvent }) {
  const session = useSession();
  if (session.status === 'pending') return <PageSpinner />;
  if (!session.loggedIn) {
    return (
      <>
        <p>Anmelden können sich nur Mitglieder des Vereins.</p>
        <a className="btn btn-primary" href={serverPaths.login(paths.event.href(event.id))}>
          Einloggen und anmelden
        </a>
      </>
    );
  }
  return <SubscriptionForm event={event} />;
}

/** The logged-in member's subscription: the form while registration is open, leaving the waiting list after. */
function SubscriptionForm({ event }: { event: ClubEvent }) {
  const subscribe = useSubscribeEvent();
  const [answer, setAnswer] = useState<EventSubscription | null>(null);
  const [asking, setAsking] = useState(false);
  const own = event.subscription;
  const form = useForm<FormInput>({ resolver: zodResolver(formSchema), defaultValues: { amount: own?.amount ?? 1 } });
  const amount = useWatch({ control: form.control, name: 'amount' });

  const full =
    subscribe.error &&
    isApiError(subscribe.error) &&
    subscribe.error.code === 'QUOTA_EXCEEDED' &&
    !/Pro Mitglied/.test(subscribe.error.message);
  const notEnough = !own && event.placesLeft !== null && Number.isFinite(amount) && amount > event.placesLeft;
  const offerWaitlist = !own && (notEnough || full);

  const send = (waitlist: boolean) =>
    form.handleSubmit((values) => {
      setAnswer(null);
      subscribe.mutate(
        { eventId: event.id, amount: values.amount, waitlist },
        { onSuccess: setAnswer, onError: (error) => applyServerFieldErrors(error, form.setError, ['amount']) },
      );
    });

  const leaveDialog = (
    <LeaveDialog
      event={event}
      show={asking}
      onClose={() => setAsking(false)}
      onLeft={() => {
        setAnswer(null);
        form.reset({ amount: 1 });
      }}
    />
  );

  if (!event.registrationOpen) {
    return (
      <>
        <OwnStatus event={event} />
        <p className="mb-2 fw-semibold">Der Anmeldeschluss ist vorbei.</p>
        {own?.status === 'WAITING' ? (
          <Button variant="outline-danger" onClick={() => setAsking(true)}>
            Warteliste verlassen
          </Button>
        ) : null}
        {leaveDialog}
      </>
    );
  }

  return (
    <>
      <OwnStatus event={event} />
      <Answer answer={answer} />
      <form onSubmit={(e) => void send(offerWaitlist ? true : false)(e)} noValidate aria-labelledby="subscription-heading">
        <AmountChoice event={event} form={form} amount={amount} />

        {subscribe.error ? (
          <ErrorAlert error={subscribe.error} title={own ? 'Die Änderung ist nicht gelungen.' : 'Die Anmeldung ist nicht gelungen.'} />
        ) : null}
        {offerWaitlist && !subscribe.error ? <WaitlistOffer event={event} /> : null}

        <SubscriptionButtons
          event={event}
          offerWaitlist={Boolean(offerWaitlist)}
          pending={subscribe.isPending}
          onLeave={() => setAsking(true)}
        />
      </form>
      {leaveDialog}
    </>
  );
}

/** Subscribe (or change the amount, or join the waiting list) and leave. */
function SubscriptionButtons({
  event,
  offerWaitlist,
  pending,
  onLeave,
}: {
  event: ClubEvent;
  offerWaitlist: boolean;
  pending: boolean;
  onLeave: () => void;
}) {
  const own = event.subscription;
  return (
    <div className="d-flex flex-wrap gap-2">
      {own && event.maxPlacesPerMember === 1 ? null : (
        <Button type="submit" variant={offerWaitlist ? 'warning' : 'primary'} disabled={pending} className="flex-grow-1">
          {pending ? <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" /> : null}
          {offerWaitlist ? 'Auf die Warteliste' : own ? 'Anzahl ändern' : 'Verbindlich anmelden'}
        </Button>
      )}
      {own ? (
        <Button variant="outline-danger" onClick={onLeave} className="flex-grow-1">
          {own.status === 'WAITING' ? 'Warteliste verlassen' : 'Abmelden'}
        </Button>
      ) : null}
    </div>
  );
}

/** How many places (up to the places per member) with the total, or the one place there is to take. */
function AmountChoice({ event, form, amount }: { event: ClubEvent; form: UseFormReturn<FormInput>; amount: number }) {
  const options = Array.from({ length: event.maxPlacesPerMember }, (_, i) => i + 1);
  const amountError = form.formState.errors.amount?.message;
  const total = multiplyMoney(event.price.amount, Number.isFinite(amount) ? amount : 0);
  if (options.length <= 1) {
    // One place per member: nothing to choose (the form sends 1).
    return (
      <p className="mb-3">
        Pro Mitglied 1 Platz.
        {event.price.amount > 0 ? ` Preis ${formatMoney(event.price)}, ${PAYMENT_MODE_TEXT[event.paymentMode]}.` : ''}
      </p>
    );
  }
  return (
    <div className="mb-3">
      <label htmlFor="amount" className="form-label fw-semibold">
        {event.subscription ? 'Anzahl Plätze ändern' : 'Anzahl Plätze'}
      </label>
      <select
        id="amount"
        className={`form-select${amountError ? ' is-invalid' : ''}`}
        aria-describedby={`amount-hint${amountError ? ' amount-error' : ''}`}
        {...form.register('amount', { valueAsNumber: true })}
      >
        {options.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      <div id="amount-hint" className="form-text">
        Pro Mitglied höchstens {placesText(event.maxPlacesPerMember)}.
        {event.price.amount > 0 ? ` Total ${formatMoney(total)}, ${PAYMENT_MODE_TEXT[event.paymentMode]}.` : ''}
      </div>
      {amountError ? (
        <div id="amount-error" className="invalid-feedback">
          {amountError}
        </div>
      ) : null}
    </div>
  );
}

/** Too few places left (or none): the waiting list offered instead. */
function WaitlistOffer({ event }: { event: ClubEvent }) {
  return (
    <Alert variant="info" className="py-2">
      {event.placesLeft === 0
        ? 'Diese Veranstaltung ist ausgebucht.'
        : `Es ${event.placesLeft === 1 ? 'ist' : 'sind'} nur noch ${placesText(event.placesLeft ?? 0)} frei.`}{' '}
      Sie können sich auf die Warteliste setzen: Sobald genug Plätze frei werden, rücken Sie in der Reihenfolge der Anmeldung nach.
    </Alert>
  );
}

/** «Abmelden?» or «Warteliste verlassen?»: cancels the member's subscription. */
function LeaveDialog({ event, show, onClose, onLeft }: { event: ClubEvent; show: boolean; onClose: () => void; onLeft: () => void }) {
  const cancel = useCancelSubscription();
  const own = event.subscription;
  const waiting = own?.status === 'WAITING';
  return (
    <ConfirmDialog
      show={show && Boolean(own)}
      title={waiting ? 'Warteliste verlassen?' : 'Abmelden?'}
      confirmLabel={waiting ? 'Warteliste verlassen' : 'Abmelden'}
      pending={cancel.isPending}
      error={cancel.error}
      onConfirm={() =>
        cancel.mutate(event.id, {
          onSuccess: () => {
            onClose();
            onLeft();
          },
        })
      }
      onCancel={onClose}
    >
      <p className="mb-0">
        {waiting
          ? `Sie verlassen die Warteliste für «${event.title}».`
          : (own?.amount ?? 0) === 1
            ? `Sie melden sich von «${event.title}» ab. Ihr Platz geht an ein Mitglied auf der Warteliste oder wird wieder frei.`
            : `Sie melden sich von «${event.title}» ab. Ihre ${placesText(own?.amount ?? 0)} gehen an Mitglieder auf der Warteliste oder werden wieder frei.`}
      </p>
    </ConfirmDialog>
  );
}
