import { OWN_TEAM, type AdminGame, type GameInput } from '@club/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ErrorAlert } from '@/components/ui/error-alert';
import { TEAM_CODES } from '@/components/ui/team-logo';
import { useSaveGame } from '../api/admin-games';
import { isoToZurichLocal, zurichLocalToIso } from '../lib/games';
import { applyServerFieldErrors } from '../lib/server-errors';
import { FormField } from './form-field';

export const HOME_VENUE = 'Swiss Life Arena, Zürich';

const localDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/, { error: 'Bitte Datum und Zeit angeben.' });
const schema = z.object({
  start: localDateTime,
  opponent: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,8}$/, { error: 'Bitte einen Teamcode angeben (z. B. SCB).' })
    .refine((code) => code !== OWN_TEAM, { error: 'Der Gegner kann nicht der ZSC sein.' }),
  homeGame: z.enum(['home', 'away']),
  venue: z.string().trim().min(1, { error: 'Bitte den Spielort angeben.' }).max(100, { error: 'Höchstens 100 Zeichen.' }),
  salesOpenAt: z.union([z.literal(''), localDateTime]),
  salesCloseAt: z.union([z.literal(''), localDateTime]),
});
type Values = z.input<typeof schema>;

const known = ['start', 'opponent', 'homeGame', 'venue', 'salesOpenAt', 'salesCloseAt'];

interface GameFormDialogProps {
  gameGroupId: number;
  /** Absent: a new game. */
  game?: AdminGame;
  show: boolean;
  onClose: () => void;
}

/** Adds or changes a game: start, opponent, home or away, venue and sales window (Zurich time). */
export function GameFormDialog({ gameGroupId, game, show, onClose }: GameFormDialogProps) {
  const save = useSaveGame();
  const [error, setError] = useState<unknown>(null);
  const prefix = game ? `game-${game.id}` : 'new-game';
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      start: isoToZurichLocal(game?.start),
      opponent: game?.opponent ?? '',
      homeGame: game && !game.homeGame ? 'away' : 'home',
      venue: game?.venue ?? HOME_VENUE,
      salesOpenAt: isoToZurichLocal(game?.salesOpenAt),
      salesCloseAt: isoToZurichLocal(game?.salesCloseAt),
    },
  });
  const { errors } = form.formState;

  const close = () => {
    setError(null);
    save.reset();
    form.reset();
    onClose();
  };

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    const body: GameInput = {
      start: zurichLocalToIso(values.start) ?? values.start,
      opponent: values.opponent,
      homeGame: values.homeGame === 'home',
      venue: values.venue,
      salesOpenAt: values.salesOpenAt ? zurichLocalToIso(values.salesOpenAt) : null,
      salesCloseAt: values.salesCloseAt ? zurichLocalToIso(values.salesCloseAt) : null,
    };
    try {
      await save.mutateAsync({ ...(game ? { id: game.id } : {}), gameGroupId, game: body });
      close();
    } catch (e) {
      applyServerFieldErrors(e, form.setError, known);
      setError(e);
    }
  });

  const title = game ? 'Spiel bearbeiten' : 'Spiel hinzufügen';
  return (
    <Modal show={show} onHide={close} centered size="lg" aria-labelledby={`${prefix}-title`}>
      <form onSubmit={submit} noValidate>
        <Modal.Header closeButton closeLabel="Schliessen">
          <Modal.Title id={`${prefix}-title`} as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <div className="row g-3">
            <FormField
              className="col-md-6"
              id={`${prefix}-start`}
              label="Spielbeginn (Datum und Zeit)"
              type="datetime-local"
              registration={form.register('start')}
              error={errors.start?.message}
            />
            <FormField
              className="col-md-6"
              id={`${prefix}-opponent`}
              label="Gegner (Teamcode)"
              list={`${prefix}-teams`}
              autoComplete="off"
              hint="Zum Beispiel SCB, HCD oder EVZ; ein anderer Code erhält das neutrale Logo."
              registration={form.register('opponent')}
              error={errors.opponent?.message}
            />
            <datalist id={`${prefix}-teams`}>
              {TEAM_CODES.filter((code) => code !== OWN_TEAM).map((code) => (
                <option key={code} value={code} />
              ))}
            </datalist>
            <fieldset className="col-md-6">
              <legend className="form-label fs-6">Spielart</legend>
              <div className="form-check form-check-inline">
                <input className="form-check-input" type="radio" id={`${prefix}-home`} value="home" {...form.register('homeGame')} />
                <label className="form-check-label" htmlFor={`${prefix}-home`}>
                  Heimspiel
                </label>
              </div>
              <div className="form-check form-check-inline">
                <input className="form-check-input" type="radio" id={`${prefix}-away`} value="away" {...form.register('homeGame')} />
                <label className="form-check-label" htmlFor={`${prefix}-away`}>
                  Auswärtsspiel
                </label>
              </div>
            </fieldset>
            <FormField className="col-md-6" id={`${prefix}-venue`} label="Spielort" registration={form.register('venue')} error={errors.venue?.message} />
            <FormField
              className="col-md-6"
              id={`${prefix}-sales-open`}
              label="Verkaufsstart (optional)"
              type="datetime-local"
              hint="Leer: sofort."
              registration={form.register('salesOpenAt')}
              error={errors.salesOpenAt?.message}
            />
            <FormField
              className="col-md-6"
              id={`${prefix}-sales-close`}
              label="Verkaufsende (optional)"
              type="datetime-local"
              hint="Leer: bis Spielbeginn."
              registration={form.register('salesCloseAt')}
              error={errors.salesCloseAt?.message}
            />
          </div>
          {error ? (
            <div className="mt-3">
              <ErrorAlert error={error} title="Nicht gespeichert." />
            </div>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={close}>
            Abbrechen
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" /> : null}
            Spiel speichern
          </Button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
