// `pnpm verify-draw -- --game <id> --url <site> --cookie 'sid=…'`: recomputes a published draw
// (GET /api/v1/games/{id}/draw) with the site's own algorithm: every weight from its published
// components, then the order from the seed and the weights, then the winners, and says whether
// the published ones are those. The entries are shown to logged-in members only: the cookie is
// a member's session (copied from the browser). Exit code 0: verified; 1: not; 2: not readable.
import { parseArgs } from 'node:util';
import {
  DRAW_ALGORITHM,
  drawOrder,
  drawWeight,
  seedHash,
  servedInOrder,
  type DrawEntry,
  type WeightComponents,
} from '../packages/contract/src/fair-sale.ts';

interface PublishedDraw {
  gameId: number;
  algorithm: string;
  drawnAt: string | null;
  seedHash: string | null;
  seed: string | null;
  quota: number;
  drawTickets: number | null;
  entries: (DrawEntry & WeightComponents)[];
  entriesForMembersOnly?: boolean;
  order: number[];
  served: number[];
}

/** Checks a published draw; returns the findings, empty when everything matches. */
export function verifyDraw(draw: PublishedDraw): string[] {
  const problems: string[] = [];
  if (draw.algorithm !== DRAW_ALGORITHM)
    problems.push(`Unbekannter Algorithmus ${draw.algorithm} (dieses Skript prüft ${DRAW_ALGORITHM}).`);
  if (!draw.drawnAt || !draw.seed) return [...problems, 'Das Spiel ist noch nicht ausgelost: Der Seed ist noch nicht veröffentlicht.'];
  if (seedHash(draw.seed) !== draw.seedHash) problems.push('Der Seed passt nicht zum vorher veröffentlichten SHA-256.');
  if (draw.entriesForMembersOnly)
    return [...problems, 'Die Anfragen sind nur für angemeldete Mitglieder sichtbar: Bitte mit --cookie aufrufen.'];
  // Each weight recomputed from its components: a weight the components do not give is refused.
  for (const entry of draw.entries) {
    const components = { completedSeasons: entry.completedSeasons, lostDraws: entry.lostDraws };
    const valid =
      [components.completedSeasons, components.lostDraws].every((n) => Number.isInteger(n) && n >= 0) && components.lostDraws <= 3;
    const weight = valid ? drawWeight(components) : null;
    if (weight !== entry.weight) {
      problems.push(
        `Mitglied ${entry.memberNumber}: Gewicht ${entry.weight} folgt nicht aus ${entry.completedSeasons} abgeschlossenen Saisons und ${entry.lostDraws} verlorenen Auslosungen` +
          (weight === null ? '.' : ` (richtig wäre ${weight}).`),
      );
    }
  }
  const order = drawOrder(
    draw.seed,
    draw.entries.map((e) => ({ memberNumber: e.memberNumber, amount: e.amount, weight: drawWeight(e) })),
  );
  if (JSON.stringify(order) !== JSON.stringify(draw.order))
    problems.push('Die veröffentlichte Reihenfolge ist nicht die, die der Seed ergibt.');
  const byNumber = new Map(draw.entries.map((e) => [e.memberNumber, e]));
  const served = servedInOrder(
    draw.drawTickets ?? draw.quota,
    order.map((n) => byNumber.get(n)!),
  ).map((e) => e.memberNumber);
  if (JSON.stringify(served) !== JSON.stringify(draw.served)) {
    problems.push('Die Gewinner sind nicht die, die die Reihenfolge ergibt (ganze Anfragen, jeweils die erste, die Platz hat).');
  }
  return problems;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((a) => a !== '--'),
    options: { game: { type: 'string' }, url: { type: 'string' }, cookie: { type: 'string' } },
  });
  const game = Number(values.game);
  if (!Number.isInteger(game) || game < 1 || !values.url) {
    process.stderr.write("Aufruf: pnpm verify-draw -- --game <Spiel-Id> --url <Adresse der Website> --cookie 'sid=…'\n");
    return 2;
  }
  const url = new URL(`/api/v1/games/${game}/draw`, values.url);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (values.cookie) headers.cookie = values.cookie;
  const response = await fetch(url, { headers });
  if (!response.ok) {
    process.stderr.write(`${url}: HTTP ${response.status}\n`);
    return 2;
  }
  const draw = ((await response.json()) as { data: PublishedDraw }).data;
  const problems = verifyDraw(draw);
  if (problems.length) {
    process.stdout.write(`Auslosung von Spiel ${game}: NICHT bestätigt.\n${problems.map((p) => `- ${p}\n`).join('')}`);
    return 1;
  }
  process.stdout.write(
    `Auslosung von Spiel ${game}: bestätigt (${draw.algorithm}, ${draw.entries.length} Anfragen, ${draw.served.length} ausgelost).\n` +
      `Seed ${draw.seed}\nSHA-256 ${draw.seedHash}\nReihenfolge (Mitgliedsnummern): ${draw.order.join(', ')}\n`,
  );
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await main();
}
