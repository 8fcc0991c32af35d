import { Writable } from 'node:stream';
import type { Position } from '@waymark/contracts/device';
import { describe, expect, it } from 'vitest';
import { ENGLISH_READER } from './export.test-kit';
import { renderReport, reportDocument } from './report-export';

const ROWS = 100_000;
const MB = 1024 * 1024;

/** 100,000 positions made one at a time, as a database cursor gives them; notes the highest RSS on the way. */
async function* positions(peak: { rss: number }, rows = ROWS): AsyncGenerator<Position> {
  const start = Date.parse('2026-11-01T00:00:00Z');
  for (let i = 0; i < rows; i++) {
    if (i % 1000 === 0) {
      peak.rss = Math.max(peak.rss, process.memoryUsage().rss);
      await Promise.resolve();
    }
    const time = new Date(start + i * 10_000).toISOString();
    yield {
      id: i + 1,
      deviceId: 1,
      protocol: 'osmand',
      serverTime: time,
      deviceTime: time,
      fixTime: time,
      outdated: false,
      valid: true,
      latitude: 37.9 + i * 1e-6,
      longitude: 23.7 + i * 1e-6,
      altitude: 100 + (i % 50),
      speed: (i % 70) * 1.1,
      course: i % 360,
      accuracy: 5,
      network: null,
      address: `Street ${i % 977}, Athens`,
      geofenceIds: [],
      attributes: { ignition: i % 2 === 0, totalDistance: i * 30.5, sat: 9, fuel: 40 - (i % 40) },
    };
  }
}

/** A reader that takes bytes and keeps only their count, slower than the writer now and then. */
function countingSink(): { sink: Writable; bytes: () => number } {
  let bytes = 0;
  const sink = new Writable({
    highWaterMark: 64 * 1024,
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes % 7 === 0) setImmediate(done);
      else done();
    },
  });
  return { sink, bytes: () => bytes };
}

describe('a 100,000-row export streams', () => {
  for (const format of ['xlsx', 'csv'] as const) {
    it(`as ${format} with bounded memory`, { timeout: 120_000 }, async () => {
      const before = process.memoryUsage().rss;
      const peak = { rss: before };
      const { sink, bytes } = countingSink();
      const doc = reportDocument({
        type: 'route',
        preferences: ENGLISH_READER,
        period: { from: '2026-11-01T00:00:00Z', to: '2026-11-12T13:46:40Z' },
        rows: positions(peak),
      });
      const started = performance.now();
      await renderReport(format, doc, sink);
      const seconds = (performance.now() - started) / 1000;
      peak.rss = Math.max(peak.rss, process.memoryUsage().rss);
      // the whole file would be several times this size held in memory as rows, cells and zip buffers
      expect(bytes()).toBeGreaterThan(format === 'xlsx' ? 3 * MB : 10 * MB);
      expect((peak.rss - before) / MB).toBeLessThan(150);
      // the target is 5 s on a free machine; a shared test machine gets room, an unbounded loop does not
      expect(seconds).toBeLessThan(60);
    });
  }
});

describe('a long PDF streams page by page', () => {
  // pdfkit remembers every distinct word it lays out unless told to forget (see forgetLayouts): without that, the
  // 1,100 pages of this export grew the RSS by some 320 MB under vitest; with it, by some 80 MB
  it('as 40,000 rows with memory that does not grow with the pages', { timeout: 180_000 }, async () => {
    const before = process.memoryUsage().rss;
    const peak = { rss: before };
    const { sink, bytes } = countingSink();
    const doc = reportDocument({
      type: 'route',
      preferences: ENGLISH_READER,
      period: { from: '2026-11-01T00:00:00Z', to: '2026-11-05T15:06:40Z' },
      rows: positions(peak, 40_000),
    });
    await renderReport('pdf', doc, sink);
    peak.rss = Math.max(peak.rss, process.memoryUsage().rss);
    expect(bytes()).toBeGreaterThan(2 * MB);
    expect((peak.rss - before) / MB).toBeLessThan(150);
  });
});
