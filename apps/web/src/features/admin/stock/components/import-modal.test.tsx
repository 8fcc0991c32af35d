import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { StockImportReport } from '@waymark/contracts/stock-device';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, json, stubFetch } from '../../../../test/fetch-stub';
import { renderAt } from '../../../../test/render';
import { canImport, ImportModal } from './import-modal';

const row = (line: number, problems: string[]) => ({
  line,
  imei: `35693803564380${line}`,
  name: `Van ${line}`,
  model: 'FMB920',
  iccid: null,
  vendor: null,
  phone: null,
  expiry: null,
  status: problems.length ? ('problem' as const) : ('ok' as const),
  problems,
  deviceId: null,
});

const report = (rows: ReturnType<typeof row>[]): StockImportReport => ({
  rows,
  total: rows.length,
  problems: rows.filter((r) => r.problems.length).length,
  created: 0,
  report: 'line,imei\r\n',
});

afterEach(() => vi.unstubAllGlobals());

async function pickFile(text: string) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  const file = new File([text], 'devices.csv', { type: 'text/csv' });
  fireEvent.change(input, { target: { files: [file] } });
}

describe('bulk CSV upload dialog', () => {
  it('allows the import only for a preview with rows and no problem', () => {
    expect(canImport(null)).toBe(false);
    expect(canImport(report([]))).toBe(false);
    expect(canImport(report([row(2, []), row(3, ['Unknown model: X'])]))).toBe(false);
    expect(canImport(report([row(2, [])]))).toBe(true);
  });

  it('previews the picked file, shows each problem and keeps Import disabled while one remains', async () => {
    const fetchMock = stubFetch({
      'POST /api/v2/device/import/preview': [
        () => json(200, { data: report([row(2, []), row(3, ['IMEI check digit is wrong'])]) }),
        () => json(200, { data: report([row(2, []), row(3, [])]) }),
      ],
    });
    renderAt('/', <ImportModal onClose={() => {}} />);
    await pickFile('IMEI,Model\n356938035643802,FMB920\n356938035643803,FMB920\n');
    expect(await screen.findByText('IMEI check digit is wrong')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/1 rows have problems/);
    const submit = screen.getByRole('button', { name: 'Import 2 devices' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(bodiesOf(fetchMock, 'POST /api/v2/device/import/preview')[0]).toEqual({
      csv: 'IMEI,Model\n356938035643802,FMB920\n356938035643803,FMB920\n',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Import 2 devices' }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(screen.getByText('All 2 rows can be imported.')).toBeTruthy();
  });
});
