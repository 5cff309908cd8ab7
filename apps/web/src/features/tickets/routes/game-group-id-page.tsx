import { PageHeader } from '@/components/ui/page-header';

export default function GameGroupIdPage() {
  return <PageHeader title="Spielegruppe" intro="Preis, Kontingent, Zustelloptionen und Spiele dieser Spielegruppe bearbeiten." />;
}
