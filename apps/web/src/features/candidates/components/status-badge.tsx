import { candidateStatusLabels, type CandidateStatus } from '@club/contract';

const tone: Record<CandidateStatus, string> = {
  PENDING: 'text-bg-warning',
  ACCEPTED: 'text-bg-success',
  REJECTED: 'text-bg-secondary',
};

export function StatusBadge({ status }: { status: CandidateStatus }) {
  return <span className={`badge ${tone[status]}`}>{candidateStatusLabels[status]}</span>;
}
