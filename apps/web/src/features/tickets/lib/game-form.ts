import {
  checkDrawTime,
  checkSalesWindow,
  checkTicketAmounts,
  gameFieldsSchema,
  gameGroupFieldsSchema,
  moneySchema,
  saleModeSchema,
  readFrancs,
} from '@club/contract';
import { z } from 'zod';
import { localDateTimeInput, optionalLocalDateTimeInput } from '@/lib/datetime-local-input';

/** The radio value of «Anderer Gegner»: the team code is then typed into `opponentOther`. */
export const OTHER_OPPONENT = 'OTHER';
const opponentSchema = gameFieldsSchema.shape.opponent;

/** The radio and the text field of the opponent, for a game being edited (a new one: nothing chosen). */
export function opponentDefaults(
  opponent: string | undefined,
  teams: readonly string[],
): { opponentChoice: string; opponentOther: string } {
  if (opponent === undefined) return { opponentChoice: '', opponentOther: '' };
  return teams.includes(opponent)
    ? { opponentChoice: opponent, opponentOther: '' }
    : { opponentChoice: OTHER_OPPONENT, opponentOther: opponent };
}

/** Where the form shows the server's message about `opponent`: beside the radios, or the other team's field. */
export function opponentField(choice: string): 'opponentChoice' | 'opponentOther' {
  return choice === OTHER_OPPONENT ? 'opponentOther' : 'opponentChoice';
}

/**
 * The contract's game with the inputs of the form: local date-times, home or away as a radio,
 * and the opponent chosen from the teams (or «Anderer Gegner» with its code typed in), checked by
 * the contract's rule for `opponent`.
 */
export const gameFormSchema = gameFieldsSchema
  .omit({ opponent: true })
  .extend({
    start: localDateTimeInput('Spielbeginn'),
    opponentChoice: z.string().min(1, { error: 'Gegner: Bitte ein Team wählen.' }),
    opponentOther: z.string(),
    homeGame: z.enum(['home', 'away']).transform((kind) => kind === 'home'),
    salesOpenAt: optionalLocalDateTimeInput('Verkaufsstart'),
    salesCloseAt: optionalLocalDateTimeInput('Verkaufsende'),
    saleMode: saleModeSchema,
    drawAt: optionalLocalDateTimeInput('Auslosung'),
  })
  .transform(({ opponentChoice, opponentOther, ...game }, ctx) => {
    const opponent = opponentSchema.safeParse(opponentChoice === OTHER_OPPONENT ? opponentOther : opponentChoice);
    if (!opponent.success) {
      for (const issue of opponent.error.issues)
        ctx.addIssue({ code: 'custom', path: [opponentField(opponentChoice)], message: issue.message });
      return z.NEVER;
    }
    return { ...game, opponent: opponent.data, drawAt: game.saleMode === 'DRAW' ? game.drawAt : null };
  })
  .superRefine(checkSalesWindow)
  .superRefine(checkDrawTime);
export type GameFormValues = z.input<typeof gameFormSchema>;

/** The contract's game group; the price is typed in francs (`35`, `35.-`, `35,50`), the options are checkboxes. */
export const gameGroupFormSchema = gameGroupFieldsSchema
  .pick({ name: true, availableTicketsPerGame: true, freeTicketAmount: true, paymentMode: true })
  .extend({
    price: z.string().transform(readFrancs).pipe(moneySchema.shape.amount),
    deliveryOptionIds: z.array(z.string()).transform((ids) => ids.map(Number)),
  })
  .superRefine(checkTicketAmounts);
export type GameGroupFormValues = z.input<typeof gameGroupFormSchema>;
export type GameGroupFormOutput = z.output<typeof gameGroupFormSchema>;
