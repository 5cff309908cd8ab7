import { PageHeader } from '@/components/ui/page-header';

export default function NewsletterPage() {
  return <PageHeader title="Newsletter" intro="Hier lesen Mitglieder die Newsletter des Vereins und laden sie als PDF herunter." />;
}
