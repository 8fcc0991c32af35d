/** Writes an alert's facts to a one-page PDF and downloads it; jspdf is loaded only when asked for. */
export async function exportAlertPdf(options: {
  title: string;
  rows: ReadonlyArray<readonly [label: string, value: string]>;
  footer: string;
  fileName: string;
}): Promise<void> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ unit: 'mm', format: 'a4' });
  const width = doc.internal.pageSize.getWidth();
  doc.setFontSize(18);
  doc.text(options.title, 15, 20);
  doc.setFontSize(11);
  let y = 34;
  for (const [label, value] of options.rows) {
    doc.setFont('helvetica', 'bold');
    doc.text(label, 15, y);
    doc.setFont('helvetica', 'normal');
    const lines = doc.splitTextToSize(value, width - 75) as string[];
    doc.text(lines, 65, y);
    y += 7 * Math.max(1, lines.length);
  }
  doc.setFontSize(9);
  doc.text(options.footer, 15, y + 8);
  doc.save(options.fileName);
}
