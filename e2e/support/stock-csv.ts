/** CSV files an admin uploads in the browser: trackers and SIM cards with valid check digits, unique per run. */

function luhnDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** A 15-digit IMEI: 8 digits of type allocation code, a 6-digit serial, the check digit. */
export function imei(tac: string, serial: number): string {
  const body = `${tac}${String(serial).padStart(14 - tac.length, '0')}`;
  return `${body}${luhnDigit(body)}`;
}

/** A 19-digit ICCID in the test range 8999 with its check digit. */
export function iccid(run: string, serial: number): string {
  const body = `8999${run}${String(serial).padStart(14 - run.length, '0')}`;
  return `${body}${luhnDigit(body)}`;
}

/** A run tag of digits, so files of two runs never collide. */
export const runTag = () => String(Date.now() % 1_000_000).padStart(6, '0');

export function devicesCsv(run: string, count: number, model: string, sims?: string[]): string {
  const lines = ['IMEI,model,ICCID,name'];
  for (let i = 1; i <= count; i++)
    lines.push(`${imei(`35${run}`, i)},${model},${sims?.[i - 1] ?? ''},Truck ${run}-${i}`);
  return `${lines.join('\n')}\n`;
}

export function simsCsv(run: string, count: number, vendor: string): string {
  const lines = ['ICCID,MSISDN,IMSI,vendor,status'];
  for (let i = 1; i <= count; i++) {
    lines.push(
      `${iccid(run, i)},3361${run}${String(i).padStart(3, '0')},20801${run}${String(i).padStart(4, '0')},${vendor},ACTIVE`,
    );
  }
  return `${lines.join('\n')}\n`;
}
