// @vitest-environment happy-dom
import { isoDate } from '@club/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { DateField } from './date-field';

const schema = z.object({ paidAt: isoDate });
type Values = z.input<typeof schema>;

function PaymentForm({ initial, onSave }: { initial: string; onSave: (values: Values) => void }) {
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { paidAt: initial } });
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(e) => void form.handleSubmit(onSave)(e)}>
        <DateField<Values> name="paidAt" label="Bezahlt am" idPrefix="pay" max="2026-11-28" required />
        <button type="submit">Speichern</button>
        <button type="button" onClick={() => form.reset({ paidAt: '2026-01-31' })}>
          Zurücksetzen
        </button>
      </form>
    </FormProvider>
  );
}

afterEach(cleanup);

describe('the date field', () => {
  it('is a numeric text field that shows the form’s ISO date as dd.mm.yyyy', () => {
    render(<PaymentForm initial="2026-03-05" onSave={vi.fn()} />);
    const input = screen.getByLabelText(/Bezahlt am/) as HTMLInputElement;
    expect(input.type).toBe('text');
    expect(input.inputMode).toBe('numeric');
    expect(input.placeholder).toBe('TT.MM.JJJJ');
    expect(input.value).toBe('05.03.2026');
  });

  it('takes d.m.yy, tidies it on leaving and hands the API its ISO date', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    render(<PaymentForm initial="" onSave={onSave} />);
    const input = screen.getByLabelText(/Bezahlt am/) as HTMLInputElement;
    await user.type(input, '5.3.26');
    await user.tab();
    expect(input.value).toBe('05.03.2026');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toEqual({ paidAt: '2026-03-05' });
  });

  it('says in German what is wrong and sends nothing: no such day, another form, past the latest date, empty', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    render(<PaymentForm initial="" onSave={onSave} />);
    const input = screen.getByLabelText(/Bezahlt am/) as HTMLInputElement;
    await user.type(input, '31.02.2026');
    await user.tab();
    expect(screen.getByText('Bezahlt am: Dieses Datum gibt es nicht.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain('pay-paidAt-error');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(onSave).not.toHaveBeenCalled();

    await user.clear(input);
    await user.type(input, '03/05/2026');
    expect(screen.getByText('Bezahlt am: Bitte als TT.MM.JJJJ angeben, z. B. 05.03.2026.')).toBeTruthy();
    await user.clear(input);
    await user.type(input, '1.12.2026');
    expect(screen.getByText('Bezahlt am: Spätestens 28.11.2026.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(onSave).not.toHaveBeenCalled();
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Bezahlt am: Bitte ein Datum angeben.')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('shows a value the form sets anew (a reset)', async () => {
    const user = userEvent.setup();
    render(<PaymentForm initial="2026-03-05" onSave={vi.fn()} />);
    const input = screen.getByLabelText(/Bezahlt am/) as HTMLInputElement;
    await user.clear(input);
    await user.type(input, '7.7.');
    await user.click(screen.getByRole('button', { name: 'Zurücksetzen' }));
    expect(input.value).toBe('31.01.2026');
  });

  it('with `time`, takes a date and its time and hands the form a datetime-local value', async () => {
    const timed = z.object({
      start: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: 'Beginn: Bitte Datum und Zeit angeben.' }),
    });
    type Timed = z.input<typeof timed>;
    const onSave = vi.fn();
    function GameForm() {
      const form = useForm<Timed>({ resolver: zodResolver(timed), defaultValues: { start: '2027-01-12T19:45' } });
      return (
        <FormProvider {...form}>
          <form noValidate onSubmit={(e) => void form.handleSubmit(onSave)(e)}>
            <DateField<Timed> name="start" label="Beginn" idPrefix="game" time required />
            <button type="submit">Speichern</button>
          </form>
        </FormProvider>
      );
    }
    const user = userEvent.setup();
    render(<GameForm />);
    const input = screen.getByLabelText(/Beginn/) as HTMLInputElement;
    expect(input.value).toBe('12.01.2027 19:45');
    expect(input.placeholder).toBe('TT.MM.JJJJ HH:MM');
    await user.clear(input);
    await user.type(input, '3.2.27 7.30');
    await user.tab();
    expect(input.value).toBe('03.02.2027 07:30');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toEqual({ start: '2027-02-03T07:30' });
    await user.clear(input);
    await user.type(input, '3.2.27');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Beginn: Bitte als TT.MM.JJJJ HH:MM angeben, z. B. 12.01.2027 19:45.')).toBeTruthy();
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Beginn: Bitte Datum und Zeit angeben.')).toBeTruthy();
    expect(onSave).toHaveBeenCalledTimes(1);
  });
});
