import type { AdminMember } from '@club/contract';
import { EditableCard } from '@/components/ui/editable-card';
import { PhoneRows } from '@/components/ui/phone-rows';
import { PhonesForm } from '@/components/ui/phones-form';
import { useUpdatePhones } from '../api/update-phones';

function BoardPhonesForm({ member, onSaved, onCancel }: { member: AdminMember; onSaved: () => void; onCancel: () => void }) {
  const update = useUpdatePhones(member.id);
  return (
    <PhonesForm
      landLine={member.landLine}
      mobile={member.mobile}
      idPrefix="phones"
      mutation={update}
      onSaved={onSaved}
      onCancel={onCancel}
    />
  );
}

export function PhonesCard({ member }: { member: AdminMember }) {
  return (
    <EditableCard
      id="phones"
      title="Telefon"
      editLabel="Telefonnummern bearbeiten"
      savedText="Telefonnummern gespeichert."
      form={(close) => <BoardPhonesForm member={member} {...close} />}
    >
      <dl className="row mb-0">
        <PhoneRows landLine={member.landLine} mobile={member.mobile} />
      </dl>
    </EditableCard>
  );
}
