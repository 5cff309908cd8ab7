import { MemberOverview } from '@/components/member-overview';

/** Home's part for a logged-in member, in its own chunk: visitors never load it. */
export default function MemberStart() {
  return <MemberOverview />;
}
