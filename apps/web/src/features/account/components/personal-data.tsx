import type { OwnMember } from '@club/contract';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { AddressLines } from '@/components/ui/address-lines';

function Phone({ number }: { number: string | null }) {
  if (!number) return <span className="text-body-secondary">keine Angabe</span>;
  return <a href={`tel:${number.replace(/[^\d+]/g, '')}`}>{number}</a>;
}

export function PersonalData({ member }: { member: OwnMember }) {
  return (
    <section aria-labelledby="personal-heading" className="card shadow-sm h-100">
      <div className="card-body">
        <h2 id="personal-heading" className="h4 card-title">
          Persönliche Angaben
        </h2>
        <dl className="row mb-0">
          <dt className="col-sm-5">Name</dt>
          <dd className="col-sm-7">
            {member.firstName} {member.lastName}
          </dd>
          <dt className="col-sm-5">Mitgliedernummer</dt>
          <dd className="col-sm-7">{member.memberNumber}</dd>
          <dt className="col-sm-5">Benutzername</dt>
          <dd className="col-sm-7">{member.username}</dd>
          <dt className="col-sm-5">E-Mail</dt>
          <dd className="col-sm-7 text-break">
            {member.email}
            <br />
            {member.pendingEmail ? (
              <>
                <span className="small">
                  Neue Adresse {member.pendingEmail} wartet auf Ihre Bestätigung (Link in der E-Mail).
                </span>
                <br />
              </>
            ) : null}
            <Link to={paths.emailChange.href()} className="small">
              E-Mail-Adresse ändern
            </Link>
          </dd>
          <dt className="col-sm-5">Geburtsdatum</dt>
          <dd className="col-sm-7">{member.dob ? formatDate(member.dob) : <span className="text-body-secondary">keine Angabe</span>}</dd>
          <dt className="col-sm-5">Adresse</dt>
          <dd className="col-sm-7">
            {member.address ? <AddressLines address={member.address} /> : <span className="text-body-secondary">keine Adresse erfasst</span>}
            <Link to={paths.addressChange.href()} className="small">
              Adresse ändern
            </Link>
          </dd>
          <dt className="col-sm-5">Festnetz</dt>
          <dd className="col-sm-7">
            <Phone number={member.landLine} />
          </dd>
          <dt className="col-sm-5">Mobile</dt>
          <dd className="col-sm-7 mb-0">
            <Phone number={member.mobile} />
          </dd>
        </dl>
      </div>
    </section>
  );
}
