import { PageHeader } from '@/components/ui/page-header';

export default function DeliveryOptionPage() {
  return <PageHeader title="Zustelloptionen" intro="Die Arten, wie Tickets zu den Mitgliedern kommen: erfassen, umbenennen und löschen." />;
}
