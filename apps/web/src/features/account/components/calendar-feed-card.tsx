import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { formatDate } from '@/lib/format';
import { useCalendarFeed, useRenewCalendarFeed, useRevokeCalendarFeed } from '../api/calendar-feed';

/**
 * The member's calendar subscription: a private webcal:// address with the games they hold
 * tickets for and the events they signed up for (shown once when made; a new one revokes the
 * old), and the public feed of all club events.
 */
export function CalendarFeedCard() {
  const feed = useCalendarFeed();
  const renew = useRenewCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [revoking, setRevoking] = useState(false);
  const made = renew.data;
  return (
    <Card className="mt-4">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          Kalender abonnieren
        </Card.Title>
        <p className="small">
          Ihr persönlicher Kalender zeigt die Spiele, für die Sie Tickets haben, und die Veranstaltungen, für die Sie angemeldet sind. Der
          Link ist geheim: wer ihn hat, sieht Ihre Termine.
        </p>
        {feed.isPending ? <LoadingSpinner label="Kalender wird geladen…" /> : null}
        {feed.isError ? <ErrorAlert error={feed.error} title="Der Kalender konnte nicht geladen werden." /> : null}
        {made?.webcalUrl ? (
          <div className="alert alert-success" role="status">
            <p className="mb-2">Ihr Kalender-Link (nur jetzt sichtbar):</p>
            <p className="mb-2 text-break">
              <a href={made.webcalUrl}>{made.webcalUrl}</a>
            </p>
            <p className="small mb-0">Auf dem Telefon öffnen oder in der Kalender-App als Abo hinzufügen.</p>
          </div>
        ) : feed.data?.active && feed.data.createdAt ? (
          <p className="small">Aktiver Kalender-Link seit {formatDate(feed.data.createdAt.slice(0, 10))}.</p>
        ) : null}
        {renew.error ? <ErrorAlert error={renew.error} title="Kein neuer Link." /> : null}
        <div className="d-flex flex-wrap gap-2">
          <Button size="sm" onClick={() => renew.mutate()} disabled={renew.isPending}>
            {feed.data?.active ? 'Neuen Link erstellen' : 'Kalender-Link erstellen'}
          </Button>
          {feed.data?.active ? (
            <Button size="sm" variant="outline-danger" onClick={() => setRevoking(true)}>
              Link ungültig machen
            </Button>
          ) : null}
        </div>
        {feed.data ? (
          <p className="small mt-3 mb-0">
            Alle Veranstaltungen des Vereins: <a href={feed.data.publicWebcalUrl}>Veranstaltungskalender abonnieren</a>
          </p>
        ) : null}
        <ConfirmDialog
          show={revoking}
          title="Kalender-Link ungültig machen"
          confirmLabel="Ungültig machen"
          pending={revoke.isPending}
          error={revoke.error}
          onConfirm={() =>
            revoke.mutate(undefined, {
              onSuccess: () => {
                renew.reset();
                setRevoking(false);
              },
            })
          }
          onCancel={() => setRevoking(false)}
        >
          <p className="mb-0">Kalender, die den Link abonniert haben, erhalten keine Termine mehr.</p>
        </ConfirmDialog>
      </Card.Body>
    </Card>
  );
}
