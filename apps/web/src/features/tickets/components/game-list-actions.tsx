import type { AdminGame, AdminTicketReservation } from '@club/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { formatDateTime } from '@/lib/format';
import { useDrawGame } from '../api/game-draw';
import { useChangeGameList } from '../api/waiting-list';

const STATUS = { CONFIRMED: 'bestätigt', WAITING: 'Warteliste', REQUESTED: 'angefragt' } as const;

/** A reservation's state on the board's list: status, place in the draw, when it moved up. */
export function ReservationState({ reservation }: { reservation: AdminTicketReservation }) {
  return (
    <>
      {STATUS[reservation.status]}
      {reservation.drawRank ? <span className="text-body-secondary small"> (Los {reservation.drawRank})</span> : null}
      {reservation.movedUpAt ? <div className="small text-body-secondary">nachgerückt {formatDateTime(reservation.movedUpAt)}</div> : null}
    </>
  );
}

/** The board's "Jetzt auslosen" with its confirmation; a second draw is the server's 409. */
export function DrawButton({ game, quota, title }: { game: AdminGame; quota: number; title: string }) {
  const draw = useDrawGame();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  if (game.saleMode !== 'DRAW') return null;
  if (game.drawnAt) return <span className="small">Ausgelost am {formatDateTime(game.drawnAt)} Uhr</span>;
  return (
    <>
      <Button size="sm" variant="warning" onClick={() => setOpen(true)} aria-label={`Jetzt auslosen: ${title}`}>
        Jetzt auslosen
      </Button>
      <ConfirmDialog
        show={open}
        title="Jetzt auslosen?"
        confirmLabel="Auslosen"
        variant="primary"
        pending={draw.isPending}
        error={draw.error}
        onCancel={() => {
          draw.reset();
          setOpen(false);
        }}
        onConfirm={() => draw.mutate(game.id, { onSuccess: () => (setOpen(false), toast.success(`Ausgelost: ${title}.`)) })}
      >
        {game.requested} Tickets sind angefragt, {quota - game.reserved} sind im Kontingent frei. Die Auslosung läuft einmal und kann nicht
        wiederholt werden; danach werden Seed und Reihenfolge veröffentlicht.
      </ConfirmDialog>
    </>
  );
}

/** Promote a waiting member or remove a reservation, each with a reason for the audit log and the mail. */
export function ListActions({ reservation }: { reservation: AdminTicketReservation }) {
  const change = useChangeGameList();
  const toast = useToast();
  const [action, setAction] = useState<'promote' | 'remove' | null>(null);
  const [reason, setReason] = useState('');
  const name = `${reservation.member.firstName} ${reservation.member.lastName}`;
  const close = () => {
    change.reset();
    setReason('');
    setAction(null);
  };
  return (
    <div className="d-flex flex-wrap gap-1">
      {reservation.status === 'WAITING' ? (
        <Button size="sm" variant="outline-success" onClick={() => setAction('promote')} aria-label={`${name} nachrücken lassen`}>
          Nachrücken
        </Button>
      ) : null}
      <Button size="sm" variant="outline-danger" onClick={() => setAction('remove')} aria-label={`Reservation von ${name} entfernen`}>
        Entfernen
      </Button>
      <ConfirmDialog
        show={action !== null}
        title={action === 'promote' ? `${name} nachrücken lassen?` : `Reservation von ${name} entfernen?`}
        confirmLabel={action === 'promote' ? 'Nachrücken' : 'Entfernen'}
        variant={action === 'promote' ? 'success' : 'danger'}
        pending={change.isPending}
        error={change.error}
        onCancel={close}
        onConfirm={() =>
          action &&
          change.mutate(
            { id: reservation.id, action, reason: reason.trim() },
            {
              onSuccess: () => {
                toast.success(action === 'promote' ? `${name} ist nachgerückt.` : `Reservation von ${name} entfernt.`);
                close();
              },
            },
          )
        }
      >
        <label htmlFor={`reason-${reservation.id}`} className="form-label">
          Grund (für das Protokoll und die Mail an das Mitglied)
        </label>
        <input
          id={`reason-${reservation.id}`}
          className="form-control"
          maxLength={300}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </ConfirmDialog>
    </div>
  );
}
