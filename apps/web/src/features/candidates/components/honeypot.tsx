import { useFormContext } from 'react-hook-form';

/**
 * A field only robots fill: moved off the screen, hidden from screen readers and out of the
 * tab order. A filled one gets the same answer from the server, but nothing is stored.
 */
export function Honeypot() {
  const { register } = useFormContext<{ website?: string }>();
  return (
    <div aria-hidden="true" style={{ position: 'absolute', left: '-10000px', top: 'auto', width: 1, height: 1, overflow: 'hidden' }}>
      <label htmlFor="candidate-website">Website (bitte leer lassen)</label>
      <input id="candidate-website" type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
    </div>
  );
}
