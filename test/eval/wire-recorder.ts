import { createServer, type AddressInfo, type Socket } from 'node:net';

/** A loopback TCP server that records each HTTP request's raw bytes and answers every one with `reply`. */
export async function wireRecorder(reply: string): Promise<{ origin: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((sock) => {
    sockets.add(sock);
    let buf = Buffer.alloc(0);
    sock.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      for (;;) {
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) return;
        const length = Number(/content-length: (\d+)/i.exec(buf.subarray(0, end).toString('latin1'))?.[1] ?? 0);
        if (buf.length < end + 4 + length) return;
        requests.push(buf.subarray(0, end + 4 + length).toString('latin1'));
        buf = buf.subarray(end + 4 + length);
        sock.write(reply);
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const close = async () => {
    for (const s of sockets) s.destroy();
    await new Promise((r) => server.close(r));
  };
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, close };
}
