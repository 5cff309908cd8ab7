import { checkEventTimes, eventFieldsSchema, moneySchema, readFrancs } from '@club/contract';
import { z } from 'zod';
import { localDateTimeInput } from '@/lib/datetime-local-input';
import { numberFromText } from '@/lib/forms';

/**
 * The contract's event with the inputs of the form: Zurich wall-clock times, and numbers typed
 * as text (an empty capacity: unlimited; an empty price: free).
 */
export const eventFormSchema = eventFieldsSchema
  .extend({
    start: localDateTimeInput('Beginn'),
    end: localDateTimeInput('Ende'),
    registrationDeadline: localDateTimeInput('Anmeldeschluss'),
    capacity: z
      .string()
      .transform((text): number | null | undefined => (text.trim() === '' ? null : numberFromText(text)))
      .pipe(eventFieldsSchema.shape.capacity),
    price: z
      .string()
      .transform((text) => (text.trim() === '' ? 0 : readFrancs(text)))
      .pipe(moneySchema.shape.amount)
      .transform((amount) => ({ currency: 'CHF' as const, amount })),
    maxPlacesPerMember: z.string().transform(numberFromText).pipe(eventFieldsSchema.shape.maxPlacesPerMember),
  })
  .superRefine(checkEventTimes);
export type EventFormValues = z.input<typeof eventFormSchema>;
export type EventFormBody = z.output<typeof eventFormSchema>;
