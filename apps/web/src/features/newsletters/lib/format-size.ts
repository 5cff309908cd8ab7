const oneDecimal = new Intl.NumberFormat('de-CH', { maximumFractionDigits: 1 });

/** A file size as people read it: `850 KB`, `1.2 MB` (de-CH: decimal point). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Bytes`;
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${oneDecimal.format(bytes / (1024 * 1024))} MB`;
}
