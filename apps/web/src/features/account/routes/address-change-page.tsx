import { PageHeader } from '@/components/ui/page-header';

export default function AddressChangePage() {
  return <PageHeader title="Adresse ändern" intro="Ihre neue Adresse gilt ab heute; die bisherige bleibt in Ihrer Mitgliedschaftsgeschichte erhalten." />;
}
