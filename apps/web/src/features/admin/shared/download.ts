/** Offers text (a CSV report, say) to the browser as a file download. */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** One CSV line: fields quoted when they hold a comma, quote or line break (RFC 4180). */
export function csvLine(fields: readonly (string | number | null | undefined)[]): string {
  return fields
    .map((field) => {
      const text = field === null || field === undefined ? '' : String(field);
      return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
    })
    .join(',');
}
