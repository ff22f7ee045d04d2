// The partners' webhook for the browser tests: it accepts every alert ({ status: 'Dispatched' })
// except those for a vehicle a test asked it to refuse (PUT /refuse/{vehicleId}), which it answers
// 503 as a partner having an outage would. Started by playwright.config.ts.
import { createServer } from 'node:http';

const port = Number(process.env.PORT ?? 5291);
const refused = new Set();

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    if (request.method === 'GET' && url.pathname === '/health') {
      response.writeHead(200).end('ok');
      return;
    }
    const refuse = /^\/refuse\/(\d+)$/.exec(url.pathname);
    if (request.method === 'PUT' && refuse) {
      refused.add(Number(refuse[1]));
      response.writeHead(204).end();
      return;
    }
    if (request.method === 'POST' && url.pathname === '/alerts') {
      const alert = JSON.parse(body);
      if (refused.has(alert.vehicle.id)) {
        response.writeHead(503).end('Partner unavailable');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"Dispatched"}');
      return;
    }
    response.writeHead(404).end();
  });
});

server.listen(port, '127.0.0.1');
