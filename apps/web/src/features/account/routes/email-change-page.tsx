import { PageHeader } from '@/components/ui/page-header';

export default function EmailChangePage() {
  return <PageHeader title="E-Mail-Adresse ändern" intro="Die neue Adresse erhält einen Bestätigungslink und gilt, sobald Sie ihn geöffnet haben." />;
}
