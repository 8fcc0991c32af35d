import { createRequire } from 'node:module';
import type { PetComprehensiveReport, PetTrend } from '@waymark/contracts/pet';
import PDFDocument from 'pdfkit';
import type { PetPdfTexts } from './pet-pdf-texts';
import { fill } from './pet-pdf-texts';

// PDF's standard fonts cover Latin-1 only: Greek (and any pet's name) needs an embedded Unicode font.
const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const LEFT = 50;
const COLUMNS = [50, 125, 190, 260, 330, 400, 460];

const trendText = (t: PetTrend) =>
  t.changePercent === null ? '–' : `${t.changePercent > 0 ? '+' : ''}${t.changePercent}%`;
const hours = (minutes: number) => `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`;

/**
 * The comprehensive report as an A4 PDF to hand to a vet: profile, wellness score with its parts, the days of the
 * period (activity, rest, sleep, heart rate) with week-over-week trends, and the visited places.
 */
export function renderPetReportPdf(report: PetComprehensiveReport, t: PetPdfTexts, now = new Date()): Promise<Buffer> {
  const { profile, activity, sleep, wellness, places } = report;
  const title = fill(t.title, { name: profile.name });
  const doc = new PDFDocument({ size: 'A4', margin: LEFT, lang: t.locale, info: { Title: title, Subject: title } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', FONT).registerFont('bold', BOLD);
  const heading = (text: string) => doc.moveDown(0.8).font('bold').fontSize(13).text(text, LEFT).font('regular');

  doc.font('bold').fontSize(18).text(title);
  doc.font('regular').fontSize(10);
  doc.text(fill(t.period, { from: activity.from, to: activity.to, tz: activity.timezone }));

  heading(t.profile);
  doc.fontSize(10);
  doc.text(`${t.species[profile.species]} · ${t.breed}: ${profile.breed ?? t.notSet}`);
  doc.text(`${t.weight}: ${profile.weightKg === null ? t.notSet : `${profile.weightKg} kg`}`);
  doc.text(`${t.born}: ${profile.birthDate ?? t.notSet}`);
  doc.text(fill(t.goals, { minutes: profile.activeMinutesGoal, steps: profile.stepsGoal }));

  heading(t.wellness);
  doc.fontSize(10);
  if (!wellness.available || wellness.score === null || wellness.status === null) {
    doc.text(fill(t.wellnessWaiting, { required: wellness.requiredDays, days: wellness.daysOfData }));
  } else {
    doc.text(
      fill(t.score, { score: wellness.score, status: t.status[wellness.status], baseline: wellness.baselineDays }),
    );
    doc.moveDown(0.4);
    const top = doc.y;
    doc.font('bold');
    for (const [i, h] of ['', t.recent, t.baseline, t.change].entries()) doc.text(h, [LEFT, 230, 330, 430][i], top);
    doc.font('regular');
    let y = top + 15;
    for (const c of wellness.components) {
      const cells = [t.metrics[c.metric], String(c.recent), String(c.baseline), `${c.changePercent}%`];
      for (const [i, cell] of cells.entries()) doc.text(cell, [LEFT, 230, 330, 430][i], y);
      y += 14;
    }
    doc.x = LEFT;
    doc.y = y;
  }

  heading(t.activity);
  doc.fontSize(9);
  doc.text(
    fill(t.weekTrend, {
      active: trendText(activity.trends.activeMinutes),
      steps: trendText(activity.trends.steps),
      sleep: trendText(sleep.trends.sleep),
    }),
  );
  doc.moveDown(0.4);
  let y = doc.y;
  const header = () => {
    doc.font('bold');
    for (const [i, h] of t.columns.entries()) doc.text(h, COLUMNS[i], y, { width: 70 });
    doc.font('regular');
    y += 14;
  };
  header();
  for (const d of activity.days) {
    if (y > doc.page.height - 70) {
      doc.addPage();
      y = LEFT;
      header();
    }
    const cells = [
      d.date,
      String(d.steps),
      String(d.activeMinutes),
      String(d.restMinutes),
      hours(d.sleepNightMinutes),
      hours(d.sleepDayMinutes),
      d.heartRateAvg === null ? '–' : `${d.heartRateAvg} bpm`,
    ];
    for (const [i, cell] of cells.entries()) doc.text(cell, COLUMNS[i], y, { width: 70 });
    y += 13;
  }
  doc.x = LEFT;
  doc.y = y;

  heading(t.places);
  doc.fontSize(9);
  if (places.places.length === 0) doc.text(t.noPlaces);
  for (const p of places.places.slice(0, 10)) {
    doc.text(
      fill(t.placeLine, {
        lat: p.latitude.toFixed(5),
        lon: p.longitude.toFixed(5),
        minutes: p.dwellMinutes,
        visits: p.visits,
      }),
    );
  }
  doc
    .moveDown()
    .fontSize(8)
    .fillColor('#666')
    .text(fill(t.generated, { at: now.toISOString().slice(0, 16) }));
  doc.end();
  return done;
}
