import { OWN_TEAM, type AdminGame, type GameInput } from '@club/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormField } from '@/components/ui/form-field';
import { TEAM_CODES } from '@/components/ui/team-logo';
import { applyServerFieldErrors } from '@/lib/forms';
import { useSaveGame } from '../api/admin-games';
import { isoToZurichLocal, zurichLocalToIso } from '../lib/games';
import { CancelButton } from './cancel-button';
import { FormError } from './form-error';

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
const GAME_KINDS = [
  { value: 'home', label: 'Heimspiel' },
  { value: 'away', label: 'Auswärtsspiel' },
] as const;

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
      <FormProvider {...form}>
        <form onSubmit={submit} noValidate>
          <Modal.Header closeButton closeLabel="Schliessen">
            <Modal.Title id={`${prefix}-title`} as="h2" className="h5">
              {title}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <div className="row g-3">
              <FormField<Values> className="col-md-6" name="start" label="Spielbeginn (Datum und Zeit)" idPrefix={prefix} type="datetime-local" />
              <FormField<Values>
                className="col-md-6"
                name="opponent"
                label="Gegner (Teamcode)"
                idPrefix={prefix}
                list={`${prefix}-teams`}
                autoComplete="off"
                help="Zum Beispiel SCB, HCD oder EVZ; ein anderer Code erhält das neutrale Logo."
              />
              <datalist id={`${prefix}-teams`}>
                {TEAM_CODES.filter((code) => code !== OWN_TEAM).map((code) => (
                  <option key={code} value={code} />
                ))}
              </datalist>
              <fieldset className="col-md-6">
                <legend className="form-label fs-6">Spielart</legend>
                {GAME_KINDS.map((kind) => (
                  <div className="form-check form-check-inline" key={kind.value}>
                    <input className="form-check-input" type="radio" id={`${prefix}-${kind.value}`} value={kind.value} {...form.register('homeGame')} />
                    <label className="form-check-label" htmlFor={`${prefix}-${kind.value}`}>
                      {kind.label}
                    </label>
                  </div>
                ))}
              </fieldset>
              <FormField<Values> className="col-md-6" name="venue" label="Spielort" idPrefix={prefix} />
              <FormField<Values> className="col-md-6" name="salesOpenAt" label="Verkaufsstart (optional)" idPrefix={prefix} type="datetime-local" help="Leer: sofort." />
              <FormField<Values> className="col-md-6" name="salesCloseAt" label="Verkaufsende (optional)" idPrefix={prefix} type="datetime-local" help="Leer: bis Spielbeginn." />
            </div>
            <FormError error={error} title="Nicht gespeichert." />
          </Modal.Body>
          <Modal.Footer>
            <CancelButton onCancel={close} />
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" /> : null}
              Spiel speichern
            </Button>
          </Modal.Footer>
        </form>
      </FormProvider>
    </Modal>
  );
}
