import { PageHeader } from '@/components/ui/page-header';

export default function TicketPage() {
  return <PageHeader title="Tickets" intro="Die Spiele, für die Mitglieder Tickets aus dem Stadionkontingent des Vereins reservieren können." />;
}
