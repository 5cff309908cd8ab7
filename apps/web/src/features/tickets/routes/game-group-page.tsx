import { PageHeader } from '@/components/ui/page-header';

export default function GameGroupPage() {
  return <PageHeader title="Spielegruppen" intro="Spielegruppen mit Ticketpreis, Kontingent pro Spiel und Zustelloptionen verwalten." />;
}
