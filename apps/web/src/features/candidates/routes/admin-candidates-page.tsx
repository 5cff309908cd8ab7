import { PageHeader } from '@/components/ui/page-header';

export default function AdminCandidatesPage() {
  return <PageHeader title="Mitgliedschaftanträge" intro="Eingegangene Anträge prüfen, annehmen oder ablehnen." />;
}
