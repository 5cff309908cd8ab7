import type { AdminEvent } from '@club/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { FormProvider, useForm } from 'react-hook-form';
import { PaymentModeField } from '@/components/ui/payment-mode-field';
import { ErrorAlert } from '@/components/ui/error-alert';
import { DateField } from '@/components/ui/date-field';
import { CancelButton, FormField } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toast';
import { isoToZurichLocal } from '@/lib/datetime-local';
import { applyServerFieldErrors } from '@/lib/forms';
import { useSaveEvent } from '../api/save-event';
import { eventFormSchema, type EventFormValues, type EventFormBody } from '../lib/event-form';

const known: readonly string[] = Object.keys(eventFormSchema.shape);

/** A contract path (`price.amount`) as the form's field name. */
const fieldOf = (path: string) => (path.startsWith('price') ? 'price' : path);

interface EventFormDialogProps {
  /** Absent: a new event. */
  event?: AdminEvent;
  show: boolean;
  onClose: () => void;
  onSaved?: (event: AdminEvent) => void;
}

/** The event's fields: title, place, times in Zurich, places, price, places per member, payment and description. */
function EventFields({ prefix }: { prefix: string }) {
  return (
    <div className="row g-2">
      <FormField<EventFormValues> className="col-12" name="title" label="Titel" idPrefix={prefix} required maxLength={120} />
      <FormField<EventFormValues> className="col-12" name="location" label="Ort" idPrefix={prefix} maxLength={200} />
      <DateField<EventFormValues> className="col-md-4" name="start" label="Beginn" idPrefix={prefix} time required />
      <DateField<EventFormValues> className="col-md-4" name="end" label="Ende" idPrefix={prefix} time required />
      <DateField<EventFormValues> className="col-md-4" name="registrationDeadline" label="Anmeldeschluss" idPrefix={prefix} time required />
      <FormField<EventFormValues>
        className="col-md-4"
        name="capacity"
        label="Plätze"
        idPrefix={prefix}
        inputMode="numeric"
        help="Leer: unbeschränkt."
      />
      <FormField<EventFormValues>
        className="col-md-4"
        name="price"
        label="Preis pro Platz (CHF)"
        idPrefix={prefix}
        inputMode="decimal"
        help="0: gratis."
      />
      <FormField<EventFormValues>
        className="col-md-4"
        name="maxPlacesPerMember"
        label="Plätze pro Mitglied"
        idPrefix={prefix}
        inputMode="numeric"
        required
      />
      <PaymentModeField idPrefix={prefix} className="col-12" />
      <FormField<EventFormValues>
        className="col-12"
        name="description"
        label="Beschreibung"
        idPrefix={prefix}
        textarea
        help="Markdown: **fett**, *kursiv*, Listen mit «- », Links als [Text](https://…). HTML wird nicht angezeigt."
      />
    </div>
  );
}

/** The form with the event's values (or a new event's defaults), its saving and its closing. */
function useEventForm({ event, onClose, onSaved }: Omit<EventFormDialogProps, 'show'>) {
  const save = useSaveEvent();
  const toast = useToast();
  const [error, setError] = useState<unknown>(null);
  const form = useForm<EventFormValues, unknown, EventFormBody>({
    resolver: zodResolver(eventFormSchema),
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
      paymentMode: event?.paymentMode ?? 'INVOICE',
    },
  });
  const close = () => {
    setError(null);
    save.reset();
    form.reset();
    onClose();
  };

  const submit = form.handleSubmit(async (body) => {
    setError(null);
    try {
      const saved = await save.mutateAsync({ ...(event ? { id: event.id } : {}), event: body });
      toast.success(event ? `«${saved.title}» gespeichert.` : `«${saved.title}» angelegt.`);
      close();
      onSaved?.(saved);
    } catch (e) {
      applyServerFieldErrors(e, form.setError, known, { rename: fieldOf });
      setError(e);
    }
  });
  return { form, error, pending: save.isPending, close, submit };
}

/** Creates or changes an event: title, place, description (Markdown), times in Zurich, places, price, places per member. */
export function EventFormDialog({ event, show, onClose, onSaved }: EventFormDialogProps) {
  const { form, error, pending, close, submit } = useEventForm({ event, onClose, onSaved });
  const prefix = event ? `event-${event.id}` : 'new-event';
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
            <EventFields prefix={prefix} />
            {error ? <ErrorAlert error={error} title="Die Veranstaltung wurde nicht gespeichert." /> : null}
          </Modal.Body>
          <Modal.Footer>
            <CancelButton onCancel={close} />
            <Button type="submit" disabled={pending}>
              {pending ? <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" /> : null}
              Speichern
            </Button>
          </Modal.Footer>
        </form>
      </FormProvider>
    </Modal>
  );
}
