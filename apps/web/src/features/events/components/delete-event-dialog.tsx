import type { AdminEvent } from '@club/contract';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { useDeleteEvent } from '../api/delete-event';

/** Asks before an event is deleted; one with subscribers is cancelled and they get a mail. */
export function DeleteEventDialog({
  event,
  onClose,
  onDeleted,
}: {
  event: AdminEvent | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteEvent();
  const toast = useToast();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      show={event !== null}
      title={event && event.subscriberCount > 0 ? 'Veranstaltung absagen?' : 'Veranstaltung löschen?'}
      confirmLabel={event && event.subscriberCount > 0 ? 'Absagen und benachrichtigen' : 'Löschen'}
      pending={remove.isPending}
      error={remove.error}
      onConfirm={() =>
        event &&
        remove.mutate(event.id, {
          onSuccess: () => {
            toast.success(
              event.subscriberCount > 0
                ? `«${event.title}» ist abgesagt; die Angemeldeten erhalten eine E-Mail.`
                : `«${event.title}» gelöscht.`,
            );
            close();
            onDeleted?.();
          },
        })
      }
      onCancel={close}
    >
      {event && event.subscriberCount > 0 ? (
        <p className="mb-0">
          «{event.title}» hat {event.subscriberCount} {event.subscriberCount === 1 ? 'Anmeldung' : 'Anmeldungen'}. Die Veranstaltung wird
          abgesagt und alle Angemeldeten erhalten eine E-Mail.
        </p>
      ) : (
        <p className="mb-0">«{event?.title}» wird gelöscht.</p>
      )}
    </ConfirmDialog>
  );
}
