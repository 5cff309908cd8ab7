import { NotGiven } from './not-given';

/** A phone number as a `tel:` link. */
export function PhoneNumber({ value }: { value: string | null }) {
  return value ? <a href={`tel:${value.replace(/[^\d+]/g, '')}`}>{value}</a> : <NotGiven />;
}

/** The rows "Festnetz" and "Mobile" of a description list; the last rows of their list. */
export function PhoneRows({ landLine, mobile }: { landLine: string | null; mobile: string | null }) {
  return (
    <>
      <dt className="col-sm-5">Festnetz</dt>
      <dd className="col-sm-7">
        <PhoneNumber value={landLine} />
      </dd>
      <dt className="col-sm-5">Mobile</dt>
      <dd className="col-sm-7 mb-0">
        <PhoneNumber value={mobile} />
      </dd>
    </>
  );
}
