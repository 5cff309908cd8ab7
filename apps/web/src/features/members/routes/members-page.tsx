import { PageHeader } from '@/components/ui/page-header';

export default function MembersPage() {
  return <PageHeader title="Mitglieder" intro="Mitglieder suchen, ansehen und bearbeiten." />;
}
