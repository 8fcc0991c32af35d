import { createSocket } from 'node:dgram';
import { InProcessDeviceSettings } from '@waymark/bus/device-settings/in-process-device-settings';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestIngest, waitFor } from '../../testing/ingest-harness';
import { tcpClient, writeApart } from '../../testing/tcp-client';
import { teltonikaProtocol } from './teltonika.protocol';

let harness: Awaited<ReturnType<typeof startTestIngest>> | undefined;

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const login = Buffer.from('000f313233343536373839303132333435', 'hex');
const avl = Buffer.from(
  '000000000000004508010000015eb70a86d00024089d4d21dee3860137005f12005f000e06ef01f00150011503c800450108b5000bb6000642382718005fcd057ace19d3430f57440000000001000002bf',
  'hex',
);

describe('teltonika over the ingest listeners', () => {
  it('TCP: login, split AVL packet, record-count ack, then a codec 12 command back', async () => {
    harness = await startTestIngest({
      registry: new Map([['teltonika', teltonikaProtocol]]),
      portOverrides: { teltonika: 0 },
    });
    const h = harness;
    const client = await tcpClient(h.portOf('teltonika', 'tcp'));
    const received = () => Buffer.from(client.received(), 'latin1').toString('hex');
    try {
      await writeApart(client.socket, login.subarray(0, 5), login.subarray(5));
      await waitFor(() => received() === '01', 'login ack');
      await writeApart(client.socket, avl.subarray(0, 30), avl.subarray(30));
      await waitFor(() => received() === '0100000001', 'record ack');
      expect(h.positions.map((p) => [p.uniqueId, p.protocol, p.latitude, p.longitude])).toEqual([
        ['123456789012345', 'teltonika', 56.8255366, 60.4544333],
      ]);

      await h.bus.sendCommand({
        id: '1',
        uniqueId: '123456789012345',
        type: 'engineStop',
        attributes: {},
        createdAt: new Date().toISOString(),
      });
      await waitFor(() => received().length > 10, 'command');
      expect(Buffer.from(received().slice(10), 'hex').subarray(15, 26).toString('latin1')).toBe('setdigout 1');
    } finally {
      client.socket.destroy();
    }
  });

  it('UDP: a datagram names its device and is acknowledged with its packet id', async () => {
    harness = await startTestIngest({
      registry: new Map([['teltonika', teltonikaProtocol]]),
      portOverrides: { teltonika: 0 },
    });
    const h = harness;
    const client = createSocket('udp4');
    const received: string[] = [];
    client.on('message', (msg) => received.push(msg.toString('hex')));
    const datagram = Buffer.from(
      '003dcafe0105000f33353230393330383634303336353508010000016b4f815b30010000000000000000000000000000000103021503010101425dbc000001',
      'hex',
    );
    try {
      await new Promise<void>((resolve, reject) =>
        client.send(datagram, h.portOf('teltonika', 'udp'), '127.0.0.1', (err) => (err ? reject(err) : resolve())),
      );
      await waitFor(() => received.length === 1 && h.positions.length === 1, 'ack and position');
      expect(received).toEqual(['0005cafe010501']);
      expect(h.positions[0]?.uniqueId).toBe('352093086403655');
    } finally {
      client.close();
    }
  });
});

/** A codec 8 Extended record of an FMB130 (Traccar's test of that model): FMB elements 200, 68 and 10800. */
const fmb130 = Buffer.from(
  '00000000000000628e0100000193011f1ec8003fa9def2fc401ea4000d00000400000000000f000700ef0000f00000150500c8000045012a34492a3800000600b5001300b60011004230aa00430fb7004400002a30fb5d000200f10000c74200100000014900000000010000fbff',
  'hex',
);

/** The same data part in a UDP datagram: channel header (length, packet id, type, AVL packet id, IMEI), no CRC. */
function udpDatagram(imei: string, data: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt16BE(6 + imei.length + data.length, 0);
  header.writeUInt16BE(0x0102, 2);
  header.writeUInt8(0x01, 4);
  header.writeUInt8(0x07, 5);
  header.writeUInt16BE(imei.length, 6);
  return Buffer.concat([header, Buffer.from(imei, 'latin1'), data]);
}

describe('teltonika over the ingest listeners, with the device model the API keeps', () => {
  it('TCP: a device whose model is FMB130 gets the FMB IO names; a changed model applies to its next frame', async () => {
    const settings = new InProcessDeviceSettings();
    await settings.set(new Map([['123456789012345', { model: 'FMB130' }]]));
    harness = await startTestIngest({
      registry: new Map([['teltonika', teltonikaProtocol]]),
      portOverrides: { teltonika: 0 },
      deviceSettings: settings,
    });
    const h = harness;
    const client = await tcpClient(h.portOf('teltonika', 'tcp'));
    const received = () => Buffer.from(client.received(), 'latin1').toString('hex');
    try {
      client.socket.write(login);
      await waitFor(() => received() === '01', 'login ack');
      client.socket.write(fmb130);
      await waitFor(() => h.positions.length === 1, 'FMB130 position');
      expect(h.positions[0]?.attributes).toMatchObject({ sleepMode: 0, batteryCurrent: 0, eyeTemp1: -11.87 });
      expect(h.positions[0]?.attributes.io200).toBeUndefined();

      await settings.set(new Map([['123456789012345', null]]));
      client.socket.write(fmb130);
      await waitFor(() => h.positions.length === 2, 'position without a model');
      expect(h.positions[1]?.attributes).toMatchObject({ io200: 0, io68: 0 });
      expect(h.positions[1]?.attributes.sleepMode).toBeUndefined();
    } finally {
      client.socket.destroy();
    }
  });

  it('UDP: the first datagram of a device with a model is already decoded with it', async () => {
    const settings = new InProcessDeviceSettings();
    await settings.set(new Map([['352093086403655', { model: 'FMB130' }]]));
    harness = await startTestIngest({
      registry: new Map([['teltonika', teltonikaProtocol]]),
      portOverrides: { teltonika: 0 },
      deviceSettings: settings,
    });
    const h = harness;
    const client = createSocket('udp4');
    const received: string[] = [];
    client.on('message', (msg) => received.push(msg.toString('hex')));
    // the data part of the TCP packet: from the codec id to the closing record count
    const datagram = udpDatagram('352093086403655', fmb130.subarray(8, fmb130.length - 4));
    try {
      await new Promise<void>((resolve, reject) =>
        client.send(datagram, h.portOf('teltonika', 'udp'), '127.0.0.1', (err) => (err ? reject(err) : resolve())),
      );
      await waitFor(() => received.length === 1 && h.positions.length === 1, 'ack and position');
      expect(received).toEqual(['00050102010701']);
      expect(h.positions[0]?.uniqueId).toBe('352093086403655');
      expect(h.positions[0]?.attributes).toMatchObject({ sleepMode: 0, eyeTemp1: -11.87 });
    } finally {
      client.close();
    }
  });
});
