import { PageHeader } from '@/components/ui/page-header';

export default function MemberAdminPage() {
  return <PageHeader title="Mitglied" intro="Adressen, Telefonnummern, Mitgliedschaften und Rechnungen eines Mitglieds." />;
}
