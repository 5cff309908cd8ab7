/** The site's confirm dialog lives in components/ui; the ticket screens import it from here. */
export { ConfirmDialog } from '@/components/ui/confirm-dialog';
