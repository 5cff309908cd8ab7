import { PageHeader } from '@/components/ui/page-header';

export default function AdminCandidateEditPage() {
  return <PageHeader title="Mitgliedschaftantrag" intro="Die Angaben eines Antrags prüfen und korrigieren." />;
}
