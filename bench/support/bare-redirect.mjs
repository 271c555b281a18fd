// The yardstick: a bare node:http server answering the same 302 (same headers, Content-Length: 0).
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

const port = Number(process.argv[2] ?? 3290);
createServer((_request, response) => {
  const clickId = randomUUID();
  response.writeHead(302, {
    location: `https://loja.example.com/produto?cor=azul&click_id=${clickId}&utm_source=bench`,
    'cache-control': 'no-store',
    'set-cookie': `afl_1=${clickId}; Max-Age=2592000; Path=/; SameSite=Lax; HttpOnly`,
    'content-length': '0',
  });
  response.end();
}).listen(port, '127.0.0.1', () => console.log('ready'));
