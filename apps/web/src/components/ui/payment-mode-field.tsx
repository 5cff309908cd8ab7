import type { PaymentMode } from '@club/contract';
import { useFormContext } from 'react-hook-form';

const CHOICES: { value: PaymentMode; label: string }[] = [
  { value: 'INVOICE', label: 'Mit Rechnung (Rechnung folgt)' },
  { value: 'ON_SITE', label: 'Bei der Übergabe, bar oder TWINT (keine Rechnung)' },
];

/** What the choice means for the members, told to the board (the members read PAYMENT_MODE_HINT, lib/payment-mode.ts). */
const BOARD_HINT: Record<PaymentMode, string> = {
  INVOICE: 'Die Mitglieder erhalten nach dem Verkaufs- bzw. Anmeldeschluss eine Rechnung.',
  ON_SITE: 'Die Mitglieder bezahlen vor Ort bei der Übergabe, bar oder mit TWINT, und erhalten keine Rechnung.',
};

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
      <div className="form-text">{BOARD_HINT[mode] ?? ''}</div>
    </fieldset>
  );
}
