/** The site's confirm dialog lives in components/ui; kept here under its old name for the ticket screens. */
export { ConfirmDialog } from '@/components/ui/confirm-dialog';
