import type { OwnMember } from '@club/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { AddressLines } from '@/components/ui/address-lines';
import { PersonalDataList } from '@/components/ui/personal-data-list';
import { PhoneRows } from '@/components/ui/phone-rows';
import { PhonesForm } from '@/components/ui/phones-form';
import { useToast } from '@/components/ui/toast';
import { useChangePhones } from '../api/change-phones';

/** The member's own landline and mobile, with a form to change them in place. */
function OwnPhones({ member }: { member: OwnMember }) {
  const [editing, setEditing] = useState(false);
  const toast = useToast();
  const change = useChangePhones();
  if (editing) {
    return (
      <div className="mt-3">
        <PhonesForm
          landLine={member.landLine}
          mobile={member.mobile}
          idPrefix="own-phones"
          mutation={change}
          onSaved={() => (setEditing(false), toast.success('Telefonnummern gespeichert.'))}
          onCancel={() => setEditing(false)}
        />
      </div>
    );
  }
  return (
    <div className="mt-2">
      <Button variant="link" size="sm" className="p-0" onClick={() => setEditing(true)}>
        Telefonnummern ändern
      </Button>
    </div>
  );
}

export function PersonalData({ member }: { member: OwnMember }) {
  return (
    <section aria-labelledby="personal-heading" className="card shadow-sm h-100">
      <div className="card-body">
        <h2 id="personal-heading" className="h4 card-title">
          Persönliche Angaben
        </h2>
        <PersonalDataList
          member={member}
          dateOfBirth={member.dob}
          emailNote={
            <>
              <br />
              {member.pendingEmail ? (
                <>
                  <span className="small">Neue Adresse {member.pendingEmail} wartet auf Ihre Bestätigung (Link in der E-Mail).</span>
                  <br />
                </>
              ) : null}
              <Link to={paths.emailChange.href()} className="small">
                E-Mail-Adresse ändern
              </Link>
            </>
          }
        >
          <dt className="col-sm-5">Adresse</dt>
          <dd className="col-sm-7">
            {member.address ? (
              <AddressLines address={member.address} />
            ) : (
              <span className="text-body-secondary">keine Adresse erfasst</span>
            )}
            <Link to={paths.addressChange.href()} className="small">
              Adresse ändern
            </Link>
          </dd>
          <PhoneRows landLine={member.landLine} mobile={member.mobile} />
        </PersonalDataList>
        <OwnPhones member={member} />
      </div>
    </section>
  );
}
