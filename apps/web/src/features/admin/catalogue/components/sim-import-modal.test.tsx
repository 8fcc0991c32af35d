import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { SimImportReport } from '@waymark/contracts/sim';
import { describe, expect, it, vi } from 'vitest';
import { bodiesOf, json, stubFetch } from '../../../../test/fetch-stub';
import { renderAt } from '../../../../test/render';
import { reportCsv, SimImportModal } from './sim-import-modal';

const row = (line: number, iccid: string, problems: string[]) => ({
  line,
  iccid,
  msisdn: '',
  imsi: '',
  vendor: 'Cosmote',
  status: 'active',
  dataPlan: '',
  activatedAt: '',
  expiresAt: '',
  problems,
});

const FAILING: SimImportReport = {
  rows: [row(2, '89440000000000000014', []), row(3, '89440000000000000015', ['ICCID check digit is wrong'])],
  valid: 1,
  invalid: 1,
  imported: 0,
};
const CLEAN: SimImportReport = { rows: [row(2, '89440000000000000014', [])], valid: 1, invalid: 0, imported: 0 };

describe('the SIM card CSV import', () => {
  it('previews each row with its problems and allows the import only once every row passes', async () => {
    const fetchMock = stubFetch({
      'POST /api/v2/sim/import/preview': [() => json(200, { data: FAILING }), () => json(200, { data: CLEAN })],
      'POST /api/v2/sim/import': () => json(200, { data: { ...CLEAN, imported: 1 } }),
    });
    const onClose = vi.fn();
    renderAt('/', <SimImportModal onClose={onClose} />);
    const content = screen.getByRole('textbox', { name: 'File content' });
    const bad = 'ICCID,Vendor,Status\n89440000000000000014,Cosmote,active\n89440000000000000015,Cosmote,active';
    fireEvent.change(content, { target: { value: bad } });
    expect(screen.getByRole('button', { name: 'Import' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(await screen.findByText('ICCID check digit is wrong')).toBeTruthy();
    expect(screen.getByText('1 ready')).toBeTruthy();
    expect(screen.getByText('1 with problems')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import 2 rows' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Download the report' })).toBeTruthy();
    expect(bodiesOf(fetchMock, 'POST /api/v2/sim/import/preview')).toEqual([{ csv: bad }]);

    // a changed file needs a new check before it can be imported
    const good = 'ICCID,Vendor,Status\n89440000000000000014,Cosmote,active';
    fireEvent.change(content, { target: { value: good } });
    expect(screen.queryByText('ICCID check digit is wrong')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Check the file' }));
    const run = await screen.findByRole('button', { name: 'Import 1 rows' });
    expect(run).toHaveProperty('disabled', false);
    fireEvent.click(run);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodiesOf(fetchMock, 'POST /api/v2/sim/import')).toEqual([{ csv: good }]);
  });

  it('writes the per-row report as CSV with each row’s problems', () => {
    const text = reportCsv(FAILING, 'Result', 'OK');
    expect(text.split('\r\n')).toEqual([
      'ICCID,MSISDN,IMSI,Vendor,Status,Data plan,Activation,Expiry,Result',
      '89440000000000000014,,,Cosmote,active,,,,OK',
      '89440000000000000015,,,Cosmote,active,,,,ICCID check digit is wrong',
      '',
    ]);
  });
});
