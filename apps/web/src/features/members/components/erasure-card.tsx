import type { AdminMember } from '@club/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SectionCard } from '@/components/ui/section-card';
import { useToast } from '@/components/ui/toast';
import { formatDateTime } from '@/lib/format';
import { useAnonymiseMember } from '../api/anonymise-member';

/**
 * Data protection (nDSG) on the member's page: the right to erasure. The board anonymises a
 * former member on request; the server refuses (and the dialog says why) for board members, a
 * running membership or open invoices. Once done, the card says when.
 */
export function ErasureCard({ member }: { member: AdminMember }) {
  const [asking, setAsking] = useState(false);
  const anonymise = useAnonymiseMember(member.id);
  const toast = useToast();
  if (member.anonymisedAt) {
    return (
      <SectionCard id="erasure" title="Datenschutz">
        <p className="mb-0">
          Die Personendaten wurden am {formatDateTime(member.anonymisedAt)} entfernt. Mitgliedsnummer, Mitgliedschaften und Rechnungen
          bleiben für die Buchhaltung.
        </p>
      </SectionCard>
    );
  }
  return (
    <SectionCard id="erasure" title="Datenschutz">
      <p>
        Auf Wunsch des Mitglieds (Recht auf Löschung) werden Name, Adressen, Telefonnummern, E-Mail, Geburtsdatum und Login sofort entfernt.
        Rechnungen behalten die Empfängerangaben, solange die Buchhaltung sie aufbewahren muss.
      </p>
      <Button variant="outline-danger" size="sm" onClick={() => setAsking(true)}>
        Jetzt anonymisieren…
      </Button>
      <ConfirmDialog
        show={asking}
        title="Mitglied anonymisieren?"
        confirmLabel="Endgültig anonymisieren"
        pending={anonymise.isPending}
        error={anonymise.error}
        onConfirm={() =>
          anonymise.mutate(undefined, { onSuccess: () => (setAsking(false), toast.success('Das Mitglied wurde anonymisiert.')) })
        }
        onCancel={() => {
          setAsking(false);
          anonymise.reset();
        }}
      >
        <p>
          Die Personendaten von {member.firstName} {member.lastName} (Nr. {member.memberNumber}) werden entfernt. Das lässt sich nicht
          rückgängig machen; die Änderung wird im Verlauf festgehalten.
        </p>
      </ConfirmDialog>
    </SectionCard>
  );
}
