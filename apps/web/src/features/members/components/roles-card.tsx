import { rolesUpdateBodySchema, type AdminMember, type RolesUpdateBody } from '@club/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { useUpdateRoles } from '../api/update-roles';
import { SectionCard } from '@/components/ui/section-card';
import { useToast } from '@/components/ui/toast';

/** The form's switch, turned into the contract's list of roles (MEMBER always kept). */
const schema = z
  .object({ board: z.boolean() })
  .transform(({ board }): RolesUpdateBody => ({ roles: board ? ['MEMBER', 'MEMBER_OF_THE_BOARD'] : ['MEMBER'] }))
  .pipe(rolesUpdateBodySchema);

/** MEMBER_OF_THE_BOARD on or off; the club always keeps one board member (the server refuses with 409). */
export function RolesCard({ member }: { member: AdminMember }) {
  const update = useUpdateRoles(member.id);
  const toast = useToast();
  const isBoard = member.roles.includes('MEMBER_OF_THE_BOARD');
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { board: isBoard },
  });
  const board = useWatch({ control: form.control, name: 'board' });
  // The member's roles changed on the server (saved, or loaded anew): the switch follows.
  useEffect(() => {
    form.reset({ board: isBoard });
  }, [form, isBoard]);
  const onSubmit = form.handleSubmit(({ roles }) => {
    update.mutate(roles, { onSuccess: () => toast.success('Rollen gespeichert.'), onError: () => form.reset({ board: isBoard }) });
  });
  return (
    <SectionCard id="roles" title="Rollen">
      {update.isError ? <ErrorAlert error={update.error} title="Die Rollen wurden nicht geändert." /> : null}
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <p className="mb-2">Jedes Mitglied hat die Rolle «Mitglied».</p>
        <Form.Check
          type="switch"
          id="role-board"
          label="Vorstandsmitglied (Zugang zur Administration)"
          {...form.register('board')}
          className="mb-3"
        />
        <Button type="submit" size="sm" disabled={board === isBoard || update.isPending}>
          {update.isPending ? <LoadingSpinner size="sm" label="Wird gespeichert…" /> : null} Rollen speichern
        </Button>
      </form>
    </SectionCard>
  );
}
