import { eventInputSchema, type AdminEvent, type EventInput } from '@club/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { FormProvider, useForm, type Path } from 'react-hook-form';
import { z } from 'zod';
import { ErrorAlert } from '@/components/ui/error-alert';
import { FormField } from '@/components/ui/form-field';
import { isoToZurichLocal, zurichLocalToIso } from '@/lib/datetime-local';
import { applyServerFieldErrors } from '@/lib/forms';
import { useSaveEvent } from '../api/save-event';

const localDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/, { error: 'Bitte Datum und Zeit angeben.' });
/** What the inputs hold; the contract's eventInputSchema decides the rest before anything is sent. */
const schema = z.object({
  title: z.string(),
  location: z.string(),
  description: z.string(),
  start: localDateTime,
  end: localDateTime,
  registrationDeadline: localDateTime,
  capacity: z.string(),
  price: z.string(),
  maxPlacesPerMember: z.string(),
});
type Values = z.input<typeof schema>;
const known: readonly string[] = Object.keys(schema.shape);

/** The request body from the inputs (Zurich wall-clock time → instants, '' capacity → unlimited). */
function toBody(values: Values): EventInput {
  const number = (s: string) => (s.trim() === '' ? Number.NaN : Number(s.replace(',', '.')));
  return {
    title: values.title,
    location: values.location,
    description: values.description,
    start: zurichLocalToIso(values.start) ?? values.start,
    end: zurichLocalToIso(values.end) ?? values.end,
    registrationDeadline: zurichLocalToIso(values.registrationDeadline) ?? values.registrationDeadline,
    capacity: values.capacity.trim() === '' ? null : number(values.capacity),
    price: { currency: 'CHF', amount: values.price.trim() === '' ? 0 : number(values.price) },
    maxPlacesPerMember: number(values.maxPlacesPerMember),
  };
}

/** A contract path (`price.amount`) as the form's field name. */
const fieldOf = (path: string) => (path.startsWith('price') ? 'price' : path);

interface EventFormDialogProps {
  /** Absent: a new event. */
  event?: AdminEvent;
  show: boolean;
  onClose: () => void;
  onSaved?: (event: AdminEvent) => void;
}

/** Creates or changes an event: title, place, description (Markdown), times in Zurich, places, price, places per member. */
export function EventFormDialog({ event, show, onClose, onSaved }: EventFormDialogProps) {
  const save = useSaveEvent();
  const [error, setError] = useState<unknown>(null);
  const prefix = event ? `event-${event.id}` : 'new-event';
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      title: event?.title ?? '',
      location: event?.location ?? '',
      description: event?.description ?? '',
      start: isoToZurichLocal(event?.start),
      end: isoToZurichLocal(event?.end),
      registrationDeadline: isoToZurichLocal(event?.registrationDeadline),
      capacity: event ? (event.capacity === null ? '' : String(event.capacity)) : '',
      price: event ? String(event.price.amount) : '0',
      maxPlacesPerMember: event ? String(event.maxPlacesPerMember) : '2',
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
    const body = toBody(values);
    const checked = eventInputSchema.safeParse(body);
    if (!checked.success) {
      let first = true;
      for (const issue of checked.error.issues) {
        const name = fieldOf(issue.path.join('.'));
        if (!known.includes(name)) continue;
        form.setError(name as Path<Values>, { type: 'contract', message: issue.message }, { shouldFocus: first });
        first = false;
      }
      return;
    }
    try {
      const saved = await save.mutateAsync({ ...(event ? { id: event.id } : {}), event: body });
      close();
      onSaved?.(saved);
    } catch (e) {
      applyServerFieldErrors(e, form.setError, known, { rename: fieldOf });
      setError(e);
    }
  });

  const title = event ? 'Veranstaltung bearbeiten' : 'Neue Veranstaltung';
  return (
    <Modal show={show} onHide={close} centered size="lg" aria-labelledby={`${prefix}-heading`}>
      <FormProvider {...form}>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Modal.Header closeButton closeLabel="Schliessen">
            <Modal.Title id={`${prefix}-heading`} as="h2" className="h5">
              {title}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <div className="row g-2">
              <FormField<Values> className="col-12" name="title" label="Titel" idPrefix={prefix} required maxLength={120} />
              <FormField<Values> className="col-12" name="location" label="Ort" idPrefix={prefix} maxLength={200} />
              <FormField<Values> className="col-md-4" name="start" label="Beginn" idPrefix={prefix} type="datetime-local" required />
              <FormField<Values> className="col-md-4" name="end" label="Ende" idPrefix={prefix} type="datetime-local" required />
              <FormField<Values> className="col-md-4" name="registrationDeadline" label="Anmeldeschluss" idPrefix={prefix} type="datetime-local" required />
              <FormField<Values> className="col-md-4" name="capacity" label="Plätze" idPrefix={prefix} inputMode="numeric" help="Leer: unbeschränkt." />
              <FormField<Values> className="col-md-4" name="price" label="Preis pro Platz (CHF)" idPrefix={prefix} inputMode="decimal" help="0: gratis." />
              <FormField<Values> className="col-md-4" name="maxPlacesPerMember" label="Plätze pro Mitglied" idPrefix={prefix} inputMode="numeric" required />
              <FormField<Values>
                className="col-12"
                name="description"
                label="Beschreibung"
                idPrefix={prefix}
                textarea
                help="Markdown: **fett**, *kursiv*, Listen mit «- », Links als [Text](https://…). HTML wird nicht angezeigt."
              />
            </div>
            {error ? <ErrorAlert error={error} title="Die Veranstaltung wurde nicht gespeichert." /> : null}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={close}>
              Abbrechen
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" /> : null}
              Speichern
            </Button>
          </Modal.Footer>
        </form>
      </FormProvider>
    </Modal>
  );
}
