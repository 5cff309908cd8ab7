import { useFormContext } from 'react-hook-form';

/**
 * A field only robots fill: moved off the screen, hidden from screen readers and out of the
 * tab order. A filled one gets the same answer from the server, but nothing is stored or sent.
 */
export function Honeypot({ id }: { id: string }) {
  const { register } = useFormContext<{ website?: string }>();
  return (
    <div aria-hidden="true" style={{ position: 'absolute', left: '-10000px', top: 'auto', width: 1, height: 1, overflow: 'hidden' }}>
      <label htmlFor={id}>Website (bitte leer lassen)</label>
      <input id={id} type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
    </div>
  );
}
