import type { MembershipOffer } from '@club/contract';
import { useFormContext } from 'react-hook-form';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format';
import type { ApplicationFormInput } from '../lib/form';

type Category = MembershipOffer['categories'][number];

function feeText(category: Category): string {
  return category.fee.amount === 0 ? 'kein Beitrag' : `${formatMoney(category.fee)} pro Saison`;
}

function ageText(category: Category): string {
  return category.maxAge === null ? '' : `, bis ${category.maxAge} Jahre am 1. Mai`;
}

/**
 * What the membership costs in the current season: the one fee, or a choice among the categories
 * (the default preselected), each with its fee and age rule.
 */
export function MembershipChoice({ offer, idPrefix }: { offer: MembershipOffer; idPrefix: string }) {
  const { register, formState } = useFormContext<ApplicationFormInput>();
  const error = formState.errors.categoryId?.message;
  const errorId = `${idPrefix}-categoryId-error`;
  const [only] = offer.categories;
  if (!offer.seasonName || !only) {
    return (
      <section className="mb-4" aria-labelledby={`${idPrefix}-fee-heading`}>
        <h2 id={`${idPrefix}-fee-heading`} className="h5">
          Mitgliederbeitrag
        </h2>
        <p className="mb-0">Den Beitrag der kommenden Saison teilt Ihnen der Vorstand mit der Aufnahme mit.</p>
      </section>
    );
  }
  if (offer.categories.length === 1) {
    return (
      <section className="mb-4" aria-labelledby={`${idPrefix}-fee-heading`}>
        <h2 id={`${idPrefix}-fee-heading`} className="h5">
          Mitgliederbeitrag
        </h2>
        <p className="mb-0">
          In der Saison {offer.seasonName}: <strong>{feeText(only)}</strong>. Die Rechnung erhalten Sie mit der Aufnahme.
        </p>
      </section>
    );
  }
  return (
    <fieldset className="mb-4" aria-describedby={error ? errorId : `${idPrefix}-fee-help`}>
      <legend className="h5">Mitgliederbeitrag Saison {offer.seasonName}</legend>
      <p id={`${idPrefix}-fee-help`} className="small text-body-secondary">
        Bitte wählen Sie Ihre Kategorie. Die Rechnung erhalten Sie mit der Aufnahme.
      </p>
      {offer.categories.map((category) => {
        const id = `${idPrefix}-category-${category.id}`;
        return (
          <div className="form-check mb-2" key={category.id}>
            <input
              className={`form-check-input${error ? ' is-invalid' : ''}`}
              type="radio"
              id={id}
              value={String(category.id)}
              {...register('categoryId')}
            />
            <label className="form-check-label" htmlFor={id}>
              <strong>{category.name}</strong>: {feeText(category)}
              {ageText(category)}
            </label>
          </div>
        );
      })}
      {error ? (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}

/** The link to the statutes (in a new window: the form stays filled) and the required tick. */
export function StatutesTick({ idPrefix }: { idPrefix: string }) {
  const { register, formState } = useFormContext<ApplicationFormInput>();
  const error = formState.errors.statutesRead?.message;
  const id = `${idPrefix}-statutesRead`;
  return (
    <section className="mb-4" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="h5">
        Statuten
      </h2>
      <p>
        Mit der Mitgliedschaft anerkennen Sie die{' '}
        <a href={paths.statuten.href()} target="_blank" rel="noopener">
          Statuten des Vereins
          <span className="visually-hidden"> (öffnet in neuem Fenster)</span>
        </a>
        .
      </p>
      <div className="form-check">
        <input
          className={`form-check-input${error ? ' is-invalid' : ''}`}
          type="checkbox"
          id={id}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...register('statutesRead')}
        />
        <label className="form-check-label" htmlFor={id}>
          Ich habe die Statuten gelesen
          <span aria-hidden="true" className="text-danger">
            {' '}
            *
          </span>
        </label>
        {error ? (
          <div id={`${id}-error`} className="invalid-feedback d-block">
            {error}
          </div>
        ) : null}
      </div>
    </section>
  );
}
