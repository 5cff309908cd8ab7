import { PageHeader } from '@/components/ui/page-header';

export default function AdminSeasonsPage() {
  return <PageHeader title="Saisons" intro="Saisons eröffnen und die Rechnungsläufe für Mitgliederbeiträge und Parkgebühren starten." />;
}
