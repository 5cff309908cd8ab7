import { PageHeader } from '@/components/ui/page-header';

export default function EventsAdminPage() {
  return <PageHeader title="Veranstaltungen verwalten" intro="Anlässe erfassen, bearbeiten und die Anmeldungen einsehen." />;
}
