import { PageHeader } from '@/components/ui/page-header';

export default function EventPage() {
  return <PageHeader title="Veranstaltung" intro="Alle Angaben zum Anlass und die Anmeldung mit der gewünschten Anzahl Plätze." />;
}
