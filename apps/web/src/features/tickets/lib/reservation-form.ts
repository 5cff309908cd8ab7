import { addressSchema, storedAddressSchema, ticketReservationInputSchema } from '@club/contract';
import { z } from 'zod';

/**
 * The contract's reservation body with what the form adds: the chosen delivery option (a radio's
 * string, turned into its number) and whether the address below is used; the address itself
 * is the contract's `addressSchema`, checked only when it is sent.
 */
export const reservationFormSchema = ticketReservationInputSchema
  .pick({ amount: true })
  .extend({
    deliveryOptionId: z
      .string({ error: 'Bitte eine Zustelloption wählen.' })
      .min(1, { error: 'Bitte eine Zustelloption wählen.' })
      .transform(Number),
    otherAddress: z.boolean(),
    address: storedAddressSchema,
  })
  .superRefine((values, ctx) => {
    if (!values.otherAddress) return;
    const parsed = addressSchema.safeParse(values.address);
    if (parsed.success) return;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: ['address', ...issue.path], message: issue.message });
  })
  .transform(({ deliveryOptionId, amount, otherAddress, address }) => ({
    deliveryOptionId,
    amount,
    deliveryAddress: otherAddress ? addressSchema.parse(address) : null,
  }));
export type ReservationFormInput = z.input<typeof reservationFormSchema>;
export type ReservationFormOutput = z.output<typeof reservationFormSchema>;
