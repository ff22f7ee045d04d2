// One server of the fan-out bench, in its own process: our hub or Socket.IO 4 on 127.0.0.1, sending
// a fix to every client `rate` times a second when the orchestrator says so.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server as SocketIoServer } from 'socket.io';
import { createHub } from '../src/index';
import { EVENT, epochNow } from './protocol';
import type { BenchFix, ServerCommand, ServerKind, ServerReport } from './protocol';

const kind = process.argv[2] as ServerKind;
const report = (message: ServerReport) => process.send?.(message);

const http = createServer();
let broadcast: (fix: BenchFix) => void;
if (kind === 'hub') {
  const hub = createHub({ path: '/hub', negotiateLimit: false, onError: () => undefined });
  http.on('request', (req, res) => {
    if (!hub.handle(req, res)) res.writeHead(404).end();
  });
  hub.attach(http);
  broadcast = (fix) => void hub.clients.all.send(EVENT, fix);
} else {
  const io = new SocketIoServer(http, { transports: ['websocket'], serveClient: false });
  broadcast = (fix) => io.emit(EVENT, fix);
}
await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
report({ kind: 'ready', port: (http.address() as AddressInfo).port });

/** Sends `rate` fixes a second for `durationMs`, catching up after a late timer so the rate holds. */
function run(rate: number, durationMs: number): void {
  const startedAt = epochNow();
  const total = Math.round((rate * durationMs) / 1000);
  let sent = 0;
  const timer = setInterval(() => {
    const due = Math.min(total, Math.floor(((epochNow() - startedAt) * rate) / 1000));
    while (sent < due) {
      sent += 1;
      broadcast({
        vehicleId: sent,
        latitudeDegrees: -33.92 + sent / 1e6,
        longitudeDegrees: 18.42 + sent / 1e6,
        speedKph: 62,
        timestamp: new Date().toISOString(),
        sentAt: epochNow(),
      });
    }
    if (sent === total) {
      clearInterval(timer);
      report({ kind: 'sent', count: sent, startedAt });
    }
  }, 1);
}

process.on('message', (command: ServerCommand) => {
  if (command.kind === 'send') run(command.rate, command.durationMs);
  else process.exit(0);
});
