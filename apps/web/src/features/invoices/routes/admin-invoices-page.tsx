import { PageHeader } from '@/components/ui/page-header';

export default function AdminInvoicesPage() {
  return <PageHeader title="Rechnungsübersicht" intro="Alle Rechnungen des Vereins mit Status, Fälligkeit und Betrag." />;
}
