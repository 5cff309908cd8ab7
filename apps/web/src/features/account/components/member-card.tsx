import type { MemberCard as Card } from '@club/contract';
import { toString as qrSvg } from 'qrcode';
import { useEffect, useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { formatDate } from '@/lib/format';
import { useMemberCard } from '../api/get-member-card';

/** The card's QR code as an SVG data URL (drawn in the browser; the token never leaves it). */
function useQrCode(text: string | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!text) return undefined;
    let live = true;
    void qrSvg(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then((svg) => {
      if (live) setUrl(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      live = false;
    };
  }, [text]);
  return text ? url : null;
}

function CardFace({ card }: { card: Card }) {
  const qr = useQrCode(card.token);
  return (
    <div className="member-card card shadow-sm" data-testid="member-card">
      <div className="card-body d-flex flex-column flex-sm-row gap-3 align-items-center">
        {qr ? (
          <img
            src={qr}
            className="member-card-qr"
            width={220}
            height={220}
            alt={`QR-Code des Mitgliederausweises von ${card.firstName} ${card.lastName}`}
          />
        ) : (
          <LoadingSpinner label="QR-Code wird erstellt…" size="sm" />
        )}
        <dl className="mb-0">
          <dt>Name</dt>
          <dd>
            {card.firstName} {card.lastName}
          </dd>
          <dt>Mitgliedernummer</dt>
          <dd>{card.memberNumber}</dd>
          <dt>Saison</dt>
          <dd>
            {card.season}, gültig bis {formatDate(card.validTo)}
          </dd>
        </dl>
      </div>
    </div>
  );
}

/**
 * «Mitgliederausweis»: the QR code the board scans at the hand-over of tickets and places. It
 * works without a network (the code carries a signed token) and can be printed.
 */
export function MemberCardSection() {
  const card = useMemberCard();
  return (
    <section aria-labelledby="member-card-heading" className="mt-4 member-card-section">
      <h2 id="member-card-heading" className="h4">
        Mitgliederausweis
      </h2>
      {card.isPending ? <LoadingSpinner label="Ausweis wird geladen…" /> : null}
      {card.isError ? <ErrorAlert error={card.error} title="Der Ausweis konnte nicht geladen werden." /> : null}
      {card.data === null ? <p>Für die laufende Saison haben Sie keine Mitgliedschaft und deshalb keinen Ausweis.</p> : null}
      {card.data ? (
        <>
          <p className="d-print-none">
            Zeigen Sie diesen Code bei der Ausgabe von Tickets und Plätzen vor – auf dem Telefon oder ausgedruckt.
          </p>
          <CardFace card={card.data} />
          <button type="button" className="btn btn-outline-primary mt-2 d-print-none" onClick={() => window.print()}>
            Ausweis drucken
          </button>
        </>
      ) : null}
    </section>
  );
}
