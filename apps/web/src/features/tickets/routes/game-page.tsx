import { PageHeader } from '@/components/ui/page-header';

export default function GamePage() {
  return <PageHeader title="Spiel" intro="Tickets für dieses Spiel reservieren: Zustellart, Lieferadresse und Anzahl wählen." />;
}
