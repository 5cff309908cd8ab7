import {
  checkDrawTime,
  checkSalesWindow,
  checkTicketAmounts,
  gameFieldsSchema,
  gameGroupFieldsSchema,
  moneySchema,
  saleModeSchema,
} from '@club/contract';
import { z } from 'zod';
import { localDateTimeInput, optionalLocalDateTimeInput } from '@/lib/datetime-local-input';

/** The contract's game with the inputs of the form: local date-times, and home or away as a radio. */
export const gameFormSchema = gameFieldsSchema
  .extend({
    start: localDateTimeInput('Spielbeginn'),
    homeGame: z.enum(['home', 'away']).transform((kind) => kind === 'home'),
    salesOpenAt: optionalLocalDateTimeInput('Verkaufsstart'),
    salesCloseAt: optionalLocalDateTimeInput('Verkaufsende'),
    saleMode: saleModeSchema,
    drawAt: optionalLocalDateTimeInput('Auslosung'),
  })
  .transform((game) => ({ ...game, drawAt: game.saleMode === 'DRAW' ? game.drawAt : null }))
  .superRefine(checkSalesWindow)
  .superRefine(checkDrawTime);
export type GameFormValues = z.input<typeof gameFormSchema>;

/** The contract's game group; the price is entered as a number of francs (`valueAsNumber`), the options as checkboxes. */
export const gameGroupFormSchema = gameGroupFieldsSchema
  .pick({ name: true, availableTicketsPerGame: true, freeTicketAmount: true })
  .extend({
    price: moneySchema.shape.amount,
    deliveryOptionIds: z.array(z.string()).transform((ids) => ids.map(Number)),
  })
  .superRefine(checkTicketAmounts);
export type GameGroupFormValues = z.input<typeof gameGroupFormSchema>;
export type GameGroupFormOutput = z.output<typeof gameGroupFormSchema>;
