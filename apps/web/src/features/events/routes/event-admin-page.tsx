import { PageHeader } from '@/components/ui/page-header';

export default function EventAdminPage() {
  return <PageHeader title="Veranstaltung bearbeiten" intro="Angaben zum Anlass ändern und die Liste der Angemeldeten einsehen." />;
}
