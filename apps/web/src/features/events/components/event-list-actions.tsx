import type { AdminEvent, EventSubscriber } from '@club/contract';
import { useId, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { useToast } from '@/components/ui/toast';
import { useAddSubscriber, useChangeEventList, useFindMembers } from '../api/event-lists';
import { placesText, withPlaces } from '../lib/events';

function ReasonField({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  return (
    <>
      <label htmlFor={id} className="form-label">
        Grund (für das Protokoll und die Mail an das Mitglied)
      </label>
      <input id={id} className="form-control" maxLength={300} value={value} onChange={(e) => onChange(e.target.value)} />
    </>
  );
}

/** Promote a waiting subscriber or remove one, each with a reason for the audit log and the mail. */
export function SubscriberActions({
  eventId,
  subscriber,
  className = '',
}: {
  eventId: number;
  subscriber: EventSubscriber;
  className?: string;
}) {
  const change = useChangeEventList(eventId);
  const toast = useToast();
  const [action, setAction] = useState<'promote' | 'remove' | null>(null);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const name = `${subscriber.member.firstName} ${subscriber.member.lastName}`;
  const close = () => {
    change.reset();
    setReason('');
    setAction(null);
  };
  return (
    <div className={`d-flex flex-wrap gap-1 ${className}`}>
      {subscriber.status === 'WAITING' ? (
        <Button size="sm" variant="outline-success" onClick={() => setAction('promote')} aria-label={`${name} nachrücken lassen`}>
          Nachrücken
        </Button>
      ) : null}
      <Button size="sm" variant="outline-danger" onClick={() => setAction('remove')} aria-label={`Anmeldung von ${name} entfernen`}>
        Entfernen
      </Button>
      <ConfirmDialog
        show={action !== null}
        title={action === 'promote' ? `${name} nachrücken lassen?` : `Anmeldung von ${name} entfernen?`}
        confirmLabel={action === 'promote' ? 'Nachrücken' : 'Entfernen'}
        variant={action === 'promote' ? 'success' : 'danger'}
        pending={change.isPending}
        error={change.error}
        onCancel={close}
        onConfirm={() =>
          action &&
          change.mutate(
            { memberId: subscriber.member.id, action, reason: reason.trim() },
            {
              onSuccess: () => {
                toast.success(action === 'promote' ? `${name} ist nachgerückt.` : `Anmeldung von ${name} entfernt.`);
                close();
              },
            },
          )
        }
      >
        <p>
          {action === 'promote'
            ? `${name} erhält ${placesText(subscriber.amount)} von der Warteliste, sofern sie frei sind.`
            : `Die Anmeldung ${withPlaces(subscriber.amount)} wird gelöscht${subscriber.status === 'CONFIRMED' ? '; frei gewordene Plätze gehen an die Warteliste' : ''}.`}
        </p>
        <ReasonField id={reasonId} value={reason} onChange={setReason} />
      </ConfirmDialog>
    </div>
  );
}

type FoundMember = NonNullable<ReturnType<typeof useFindMembers>['data']>[number];

/** The members found, one to choose with a radio button. */
function MemberHits({
  hits,
  name,
  memberId,
  onPick,
}: {
  hits: FoundMember[];
  name: string;
  memberId: number | null;
  onPick: (id: number) => void;
}) {
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6">Mitglied</legend>
      {hits.map((m) => (
        <div className="form-check" key={m.id}>
          <input
            className="form-check-input"
            type="radio"
            name={name}
            id={`${name}-${m.id}`}
            checked={memberId === m.id}
            onChange={() => onPick(m.id)}
          />
          <label className="form-check-label" htmlFor={`${name}-${m.id}`}>
            {m.lastName} {m.firstName}{' '}
            <span className="text-body-secondary small">
              (Nr. {m.memberNumber}
              {m.city ? `, ${m.city}` : ''})
            </span>
            {m.active ? null : <span className="badge text-bg-secondary ms-1">nicht aktiv</span>}
          </label>
        </div>
      ))}
    </fieldset>
  );
}

/** How many places, 1 to the places per member, with the places left. */
function PlacesField({
  event,
  id,
  amount,
  valid,
  onChange,
}: {
  event: AdminEvent;
  id: string;
  amount: string;
  valid: boolean;
  onChange: (amount: string) => void;
}) {
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        Anzahl Plätze
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={event.maxPlacesPerMember}
        className={`form-control ${valid ? '' : 'is-invalid'}`}
        aria-invalid={valid ? undefined : true}
        aria-describedby={valid ? undefined : `${id}-error`}
        value={amount}
        onChange={(e) => onChange(e.target.value)}
      />
      <div className="form-text">
        {event.placesLeft === null ? 'Ohne Platzbeschränkung.' : `Frei: ${placesText(Math.max(0, event.placesLeft))}.`} Reichen die freien
        Plätze nicht, kommt das Mitglied auf die Warteliste.
      </div>
      {valid ? null : (
        <div id={`${id}-error`} className="invalid-feedback">
          Bitte eine ganze Zahl von 1 bis {event.maxPlacesPerMember}.
        </div>
      )}
    </div>
  );
}

/** The sign-up's state: the search, the member chosen, the places and the reason, and emptying it all on close. */
function useSignUp(event: AdminEvent) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [q, setQ] = useState('');
  const [memberId, setMemberId] = useState<number | null>(null);
  const [amount, setAmount] = useState('1');
  const [reason, setReason] = useState('');
  const places = Number(amount);
  const amountValid = Number.isInteger(places) && places >= 1 && places <= event.maxPlacesPerMember;
  const reset = () => {
    setQuery('');
    setQ('');
    setMemberId(null);
    setAmount('1');
    setReason('');
    setOpen(false);
  };
  const search = (e: FormEvent) => {
    e.preventDefault();
    setMemberId(null);
    setQ(query.trim());
  };
  return {
    open,
    setOpen,
    query,
    setQuery,
    q,
    memberId,
    setMemberId,
    amount,
    setAmount,
    places,
    amountValid,
    reason,
    setReason,
    reset,
    search,
  };
}

/** "Mitglied eintragen": a paper sign-up; the board finds the member by name or number and gives the places. */
export function AddSubscriberButton({ event }: { event: AdminEvent }) {
  const add = useAddSubscriber(event.id);
  const toast = useToast();
  const signUp = useSignUp(event);
  const { memberId, places, amountValid, reason, query } = signUp;
  const found = useFindMembers(signUp.q);
  const ids = { search: useId(), amount: useId(), reason: useId(), hits: useId() };
  const close = () => {
    add.reset();
    signUp.reset();
  };
  const hits = found.data ?? [];
  return (
    <>
      <Button size="sm" variant="primary" onClick={() => signUp.setOpen(true)}>
        Mitglied eintragen
      </Button>
      <ConfirmDialog
        show={signUp.open}
        title="Mitglied eintragen"
        confirmLabel="Eintragen"
        variant="primary"
        pending={add.isPending}
        confirmDisabled={memberId === null || !amountValid}
        error={add.error}
        onCancel={close}
        onConfirm={() =>
          memberId !== null &&
          add.mutate(
            { memberId, amount: places, ...(reason.trim() ? { reason: reason.trim() } : {}) },
            {
              onSuccess: (added) => {
                const who = `${added.member.firstName} ${added.member.lastName}`;
                toast.success(added.status === 'WAITING' ? `${who} steht auf der Warteliste.` : `${who} ist eingetragen.`);
                close();
              },
            },
          )
        }
      >
        <form role="search" onSubmit={signUp.search} className="mb-3">
          <label htmlFor={ids.search} className="form-label">
            Mitglied suchen (Name oder Mitgliedernummer)
          </label>
          <div className="input-group">
            <input id={ids.search} type="search" className="form-control" value={query} onChange={(e) => signUp.setQuery(e.target.value)} />
            <Button type="submit" variant="outline-primary" disabled={query.trim().length === 0}>
              Suchen
            </Button>
          </div>
        </form>
        {found.isFetching ? <LoadingSpinner label="Mitglieder werden gesucht…" /> : null}
        {found.isError ? <ErrorAlert error={found.error} /> : null}
        {signUp.q && found.isSuccess && hits.length === 0 ? <p>Kein Mitglied gefunden.</p> : null}
        {hits.length > 0 ? <MemberHits hits={hits} name={ids.hits} memberId={memberId} onPick={signUp.setMemberId} /> : null}
        <PlacesField event={event} id={ids.amount} amount={signUp.amount} valid={amountValid} onChange={signUp.setAmount} />
        <ReasonField id={ids.reason} value={reason} onChange={signUp.setReason} />
      </ConfirmDialog>
    </>
  );
}
