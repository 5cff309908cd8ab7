import type { Candidate } from '@club/contract';
import { formatCountry, formatDate } from '@/lib/format';

function Missing() {
  return <span className="text-body-secondary">keine Angabe</span>;
}

/** The application's data, read-only (once it is decided). Everything is shown as text. */
export function CandidateDetails({ candidate: c }: { candidate: Candidate }) {
  const street = [c.address.street, c.address.houseNumber].filter(Boolean).join(' ');
  return (
    <section className="card shadow-sm" aria-labelledby="details-heading">
      <div className="card-body">
        <h2 id="details-heading" className="h4">
          Angaben
        </h2>
        <dl className="row mb-0">
          <dt className="col-sm-4">Name</dt>
          <dd className="col-sm-8">
            {c.firstName} {c.lastName}
          </dd>
          <dt className="col-sm-4">E-Mail</dt>
          <dd className="col-sm-8 text-break">{c.email}</dd>
          <dt className="col-sm-4">Geburtsdatum</dt>
          <dd className="col-sm-8">{formatDate(c.dateOfBirth)}</dd>
          <dt className="col-sm-4">Adresse</dt>
          <dd className="col-sm-8">
            <address className="mb-0">
              {street}
              <br />
              {c.address.addressLine2 ? (
                <>
                  {c.address.addressLine2}
                  <br />
                </>
              ) : null}
              {c.address.postalCode} {c.address.city}
              <br />
              {formatCountry(c.address.country)}
            </address>
          </dd>
          <dt className="col-sm-4">Mobile</dt>
          <dd className="col-sm-8">{c.mobile || <Missing />}</dd>
          <dt className="col-sm-4">Festnetz</dt>
          <dd className="col-sm-8">{c.landLine || <Missing />}</dd>
          {c.requestedCategory ? (
            <>
              <dt className="col-sm-4">Gewünschte Kategorie</dt>
              <dd className="col-sm-8">{c.requestedCategory}</dd>
            </>
          ) : null}
          <dt className="col-sm-4">Bemerkungen</dt>
          <dd className="col-sm-8 mb-0" style={{ whiteSpace: 'pre-wrap' }}>
            {c.remarks || <Missing />}
          </dd>
        </dl>
      </div>
    </section>
  );
}
