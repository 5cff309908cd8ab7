import { TeamLogo } from '@/components/ui/team-logo';
import { matchup } from '../lib/games';

/** Both teams with their badges, the home team first (`ZSC – SCB`). */
export function Matchup({ opponent, homeGame, size = 48 }: { opponent: string; homeGame: boolean; size?: number }) {
  const { home, away } = matchup({ opponent, homeGame });
  return (
    <div className="matchup" aria-hidden="true">
      <span className="matchup-team">
        <TeamLogo code={home} size={size} />
        <span>{home}</span>
      </span>
      <span className="matchup-vs">–</span>
      <span className="matchup-team">
        <TeamLogo code={away} size={size} />
        <span>{away}</span>
      </span>
    </div>
  );
}
