import { PageHeader } from '@/components/ui/page-header';

export default function ReportsPage() {
  return <PageHeader title="Excel Listen" intro="Listen pro Saison als Excel- oder PDF-Datei: Mitglieder, Beiträge, Parkgebühren, Ticketreservationen und Anmeldungen." />;
}
