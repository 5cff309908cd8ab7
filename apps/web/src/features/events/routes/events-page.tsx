import { PageHeader } from '@/components/ui/page-header';

export default function EventsPage() {
  return <PageHeader title="Veranstaltungen" intro="Stammtische, Saisonabschluss, Chlausabend und mehr: Hier finden Sie alle Anlässe des Vereins und melden sich an." />;
}
