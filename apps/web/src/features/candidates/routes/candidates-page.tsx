import { PageHeader } from '@/components/ui/page-header';

export default function CandidatesPage() {
  return <PageHeader title="Mitglied werden" intro="Mit diesem Antrag werden Sie Mitglied des Vereins; der Vorstand meldet sich nach der Prüfung bei Ihnen." />;
}
