/** The site's confirmation dialog lives in components/ui (the invoice overview uses it too). */
export { ConfirmDialog } from '@/components/ui/confirm-dialog';
