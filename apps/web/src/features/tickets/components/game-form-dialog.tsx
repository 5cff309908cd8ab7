import { OWN_TEAM, type AdminGame, type GameInput } from '@club/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { FormProvider, useForm, useFormContext, useWatch } from 'react-hook-form';
import { DateField } from '@/components/ui/date-field';
import { CancelButton, FormError, FormField } from '@/components/ui/form-field';
import { TEAM_CODES, TeamLogo } from '@/components/ui/team-logo';
import { useToast } from '@/components/ui/toast';
import { applyServerFieldErrors } from '@/lib/forms';
import { useSaveGame } from '../api/admin-games';
import { isoToZurichLocal } from '@/lib/datetime-local';
import { gameFormSchema, OTHER_OPPONENT, opponentDefaults, opponentField, type GameFormValues } from '../lib/game-form';

export const HOME_VENUE = 'Swiss Life Arena, Zürich';

const known = ['start', 'opponentChoice', 'opponentOther', 'homeGame', 'venue', 'salesOpenAt', 'salesCloseAt', 'saleMode', 'drawAt'];
/** The opponents to choose from: every team with a logo but our own. */
const OPPONENTS = TEAM_CODES.filter((code) => code !== OWN_TEAM);
const SALE_MODES = [
  { value: 'FIRST_COME', label: 'Nach Eingang' },
  { value: 'DRAW', label: 'Auslosung' },
] as const;
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

/** A row of radio buttons for one of the form's fields, under its legend. */
function InlineRadios({
  name,
  legend,
  options,
  idOf,
  children,
}: {
  name: 'homeGame' | 'saleMode';
  legend: string;
  options: readonly { value: string; label: string }[];
  idOf: (value: string) => string;
  children?: ReactNode;
}) {
  const { register } = useFormContext<GameFormValues>();
  return (
    <fieldset className="col-md-6">
      <legend className="form-label fs-6">{legend}</legend>
      {options.map((option) => (
        <div className="form-check form-check-inline" key={option.value}>
          <input className="form-check-input" type="radio" id={idOf(option.value)} value={option.value} {...register(name)} />
          <label className="form-check-label" htmlFor={idOf(option.value)}>
            {option.label}
          </label>
        </div>
      ))}
      {children}
    </fieldset>
  );
}

/** The opponent as a row of team logos to pick from, «Anderer Gegner» last. */
function OpponentChoices({ prefix }: { prefix: string }) {
  const { register, formState } = useFormContext<GameFormValues>();
  const opponentError = formState.errors.opponentChoice?.message;
  return (
    <fieldset className="col-12" aria-describedby={opponentError ? `${prefix}-opponent-error` : undefined}>
      <legend className="form-label fs-6">Gegner</legend>
      <div className="opponent-choices">
        {[...OPPONENTS, OTHER_OPPONENT].map((code) => (
          <div key={code}>
            <input className="btn-check" type="radio" id={`${prefix}-opponent-${code}`} value={code} {...register('opponentChoice')} />
            <label className="btn btn-outline-primary opponent-choice" htmlFor={`${prefix}-opponent-${code}`}>
              {code === OTHER_OPPONENT ? (
                'Anderer Gegner'
              ) : (
                <>
                  <span aria-hidden="true">
                    <TeamLogo code={code} size={32} />
                  </span>
                  {code}
                </>
              )}
            </label>
          </div>
        ))}
      </div>
      {opponentError ? (
        <div id={`${prefix}-opponent-error`} className="invalid-feedback d-block">
          {opponentError}
        </div>
      ) : null}
    </fieldset>
  );
}

/** The game's fields: start, opponent, home or away, venue, sales window and how the tickets are sold. */
function GameFields({ prefix }: { prefix: string }) {
  const { control } = useFormContext<GameFormValues>();
  const saleMode = useWatch({ control, name: 'saleMode' });
  const opponentChoice = useWatch({ control, name: 'opponentChoice' });
  return (
    <div className="row g-3">
      <DateField<GameFormValues> className="col-md-6" name="start" label="Spielbeginn (Datum und Zeit)" idPrefix={prefix} time />
      <OpponentChoices prefix={prefix} />
      {opponentChoice === OTHER_OPPONENT ? (
        <FormField<GameFormValues>
          className="col-md-6"
          name="opponentOther"
          label="Teamcode des Gegners"
          idPrefix={prefix}
          autoComplete="off"
          maxLength={8}
          required
          help="2 bis 8 Buchstaben oder Ziffern, z. B. EHCO; ein Team ohne eigenes Logo erhält das neutrale."
        />
      ) : null}
      <InlineRadios name="homeGame" legend="Spielart" options={GAME_KINDS} idOf={(value) => `${prefix}-${value}`} />
      <FormField<GameFormValues> className="col-md-6" name="venue" label="Spielort" idPrefix={prefix} />
      <DateField<GameFormValues>
        className="col-md-6"
        name="salesOpenAt"
        label="Verkaufsstart (optional)"
        idPrefix={prefix}
        time
        help="Leer: sofort."
      />
      <DateField<GameFormValues>
        className="col-md-6"
        name="salesCloseAt"
        label="Verkaufsende (optional)"
        idPrefix={prefix}
        time
        help="Leer: bis Spielbeginn."
      />
      <InlineRadios name="saleMode" legend="Verkaufsart" options={SALE_MODES} idOf={(value) => `${prefix}-mode-${value}`}>
        <div className="form-text">Auslosung: Mitglieder fragen bis zur Auslosung an; das Los entscheidet gewichtet und nachprüfbar.</div>
      </InlineRadios>
      {saleMode === 'DRAW' ? (
        <DateField<GameFormValues>
          className="col-md-6"
          name="drawAt"
          label="Auslosung am"
          idPrefix={prefix}
          time
          help="Nach dem Verkaufsstart, vor dem Spiel."
        />
      ) : null}
    </div>
  );
}

/** The form with the game's values (or a new game's defaults), its saving and its closing. */
function useGameForm({ gameGroupId, game, onClose }: Pick<GameFormDialogProps, 'gameGroupId' | 'game' | 'onClose'>) {
  const save = useSaveGame();
  const toast = useToast();
  const [error, setError] = useState<unknown>(null);
  const form = useForm<GameFormValues, unknown, GameInput>({
    resolver: zodResolver(gameFormSchema),
    defaultValues: {
      start: isoToZurichLocal(game?.start),
      ...opponentDefaults(game?.opponent, OPPONENTS),
      homeGame: game && !game.homeGame ? 'away' : 'home',
      venue: game?.venue ?? HOME_VENUE,
      salesOpenAt: isoToZurichLocal(game?.salesOpenAt),
      salesCloseAt: isoToZurichLocal(game?.salesCloseAt),
      saleMode: game?.saleMode ?? 'FIRST_COME',
      drawAt: isoToZurichLocal(game?.drawAt),
    },
  });
  const opponentChoice = useWatch({ control: form.control, name: 'opponentChoice' });
  const close = () => {
    setError(null);
    save.reset();
    form.reset();
    onClose();
  };

  const submit = form.handleSubmit(async (body) => {
    setError(null);
    try {
      await save.mutateAsync({ ...(game ? { id: game.id } : {}), gameGroupId, game: body });
      toast.success(game ? 'Spiel gespeichert.' : 'Spiel hinzugefügt.');
      close();
    } catch (e) {
      applyServerFieldErrors(e, form.setError, known, { rename: (p) => (p === 'opponent' ? opponentField(opponentChoice) : p) });
      setError(e);
    }
  });
  return { form, error, pending: save.isPending, close, submit };
}

/** Adds or changes a game: start, opponent, home or away, venue and sales window (Zurich time). */
export function GameFormDialog({ gameGroupId, game, show, onClose }: GameFormDialogProps) {
  const { form, error, pending, close, submit } = useGameForm({ gameGroupId, game, onClose });
  const prefix = game ? `game-${game.id}` : 'new-game';
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
            <GameFields prefix={prefix} />
            <FormError error={error} title="Nicht gespeichert." />
          </Modal.Body>
          <Modal.Footer>
            <CancelButton onCancel={close} />
            <Button type="submit" disabled={pending}>
              {pending ? <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" /> : null}
              Spiel speichern
            </Button>
          </Modal.Footer>
        </form>
      </FormProvider>
    </Modal>
  );
}
