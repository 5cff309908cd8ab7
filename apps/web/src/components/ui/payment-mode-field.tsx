import type { PaymentMode } from '@club/contract';
import { useFormContext } from 'react-hook-form';
import { PAYMENT_MODE_HINT } from '@/lib/payment-mode';

const CHOICES: { value: PaymentMode; label: string }[] = [
  { value: 'INVOICE', label: 'Mit Rechnung (Rechnung folgt)' },
  { value: 'ON_SITE', label: 'Bei der Übergabe, bar oder TWINT (keine Rechnung)' },
];

/** How members pay for a game group's tickets or an event's places: a choice of two, in a form with a `paymentMode` field. */
export function PaymentModeField({ idPrefix, className }: { idPrefix: string; className?: string }) {
  const { register, watch } = useFormContext<{ paymentMode: PaymentMode }>();
  const mode = watch('paymentMode');
  return (
    <fieldset className={className}>
      <legend className="form-label fs-6 fw-semibold">Bezahlung</legend>
      {CHOICES.map((choice) => (
        <div className="form-check" key={choice.value}>
          <input
            className="form-check-input"
            type="radio"
            id={`${idPrefix}-payment-${choice.value}`}
            value={choice.value}
            {...register('paymentMode')}
          />
          <label className="form-check-label" htmlFor={`${idPrefix}-payment-${choice.value}`}>
            {choice.label}
          </label>
        </div>
      ))}
      <div className="form-text">{PAYMENT_MODE_HINT[mode] ?? ''}</div>
    </fieldset>
  );
}
