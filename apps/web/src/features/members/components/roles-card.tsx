import type { AdminMember, Role } from '@club/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { useUpdateRoles } from '../api/update-roles';
import { SavedNote, SectionCard } from './section-card';

/** MEMBER_OF_THE_BOARD on or off; the club always keeps one board member (the server refuses with 409). */
export function RolesCard({ member }: { member: AdminMember }) {
  const update = useUpdateRoles(member.id);
  const isBoard = member.roles.includes('MEMBER_OF_THE_BOARD');
  const [board, setBoard] = useState(isBoard);
  const [shown, setShown] = useState(isBoard);
  if (isBoard !== shown) {
    setShown(isBoard);
    setBoard(isBoard);
  }
  const roles: Role[] = board ? ['MEMBER', 'MEMBER_OF_THE_BOARD'] : ['MEMBER'];
  return (
    <SectionCard id="roles" title="Rollen">
      {update.isSuccess ? <SavedNote text="Rollen gespeichert." /> : null}
      {update.isError ? <ErrorAlert error={update.error} title="Die Rollen wurden nicht geändert." /> : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          update.mutate(roles, { onError: () => setBoard(isBoard) });
        }}
      >
        <p className="mb-2">Jedes Mitglied hat die Rolle «Mitglied».</p>
        <Form.Check
          type="switch"
          id="role-board"
          label="Vorstandsmitglied (Zugang zur Administration)"
          checked={board}
          onChange={(event) => setBoard(event.target.checked)}
          className="mb-3"
        />
        <Button type="submit" size="sm" disabled={board === isBoard || update.isPending}>
          {update.isPending ? <LoadingSpinner size="sm" label="Wird gespeichert…" /> : null} Rollen speichern
        </Button>
      </form>
    </SectionCard>
  );
}
