import { describe, expect, it } from 'vitest';
import { candidateInputSchema } from './candidates.ts';
import { memberUpdateBodySchema } from './members.ts';

describe('one set of name rules', () => {
  it('an application refuses the names the board form refuses', () => {
    for (const bad of ['<b>Lea</b>', 'Lea\nMüller', 'Lea<script>']) {
      const candidate = candidateInputSchema.safeParse({ firstName: bad });
      const issue = candidate.error?.issues.find((i) => i.path[0] === 'firstName');
      expect(issue?.message, bad).toMatch(/^Vorname: /);
      const board = memberUpdateBodySchema.safeParse({ firstName: bad });
      expect(
        board.error?.issues.some((i) => i.path[0] === 'firstName'),
        bad,
      ).toBe(true);
    }
  });
});
